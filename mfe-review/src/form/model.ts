// The review form's values and rules. Grades are kept on the API's 0–10 scale (a face 0–5 is sent
// ×2); -1 means "not answered yet". The overall rating is a star value 0–5 in halves (default 2.5),
// sent ×2. The checks are the contract's own (`checkReviewPayload`), in the order the form shows
// its fields, so the form and the service answer with the same error keys.
import {
  checkReviewPayload,
  reviewPayloadErrorKeys,
  REVIEW_FLAG_KEYS,
  REVIEW_GRADE_KEYS,
  type RatingErrorKey,
  type ReviewEditView,
  type ReviewFlagKey,
  type ReviewGradeKey,
  type ReviewPayload,
  type ReviewPayloadErrorKey,
} from '@pupitre/contracts';

export const OVERALL_DEFAULT = 2.5;
export const OVERALL_MAX = 5;
export const OVERALL_STEP = 0.5;
export const FACES = [0, 1, 2, 3, 4, 5] as const;
export const NOT_CHOSEN = -1;

export interface FormTeacher {
  id: number;
  prefix: string;
  name: string;
  subjects: { id: number; name: string }[];
}

export interface ReviewFormValues {
  teacher: FormTeacher | null;
  subject: number;
  year: number;
  grades: Record<ReviewGradeKey, number>;
  flags: Record<ReviewFlagKey, boolean>;
  overall: number;
  text: string;
}

/** Every error key the form can show: the payload rules, the service's answers, the edit rule. */
export type ReviewFormError = ReviewPayloadErrorKey | 'duplicate-review' | 'ReviewFormIdentical' | 'fatal';
/** The service's error keys the form shows as they are (others read as `fatal`). */
export const FORM_ERROR_KEYS = [
  ...reviewPayloadErrorKeys,
  'duplicate-review',
  'ReviewFormIdentical',
  'bad-request',
] as const satisfies readonly RatingErrorKey[];

export function emptyValues(): ReviewFormValues {
  return {
    teacher: null,
    subject: NOT_CHOSEN,
    year: NOT_CHOSEN,
    grades: Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, NOT_CHOSEN])) as Record<ReviewGradeKey, number>,
    flags: Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, false])) as Record<ReviewFlagKey, boolean>,
    overall: OVERALL_DEFAULT,
    text: '',
  };
}

/** Picking a teacher: his subjects become the options; a single one is preselected. */
export function withTeacher(values: ReviewFormValues, teacher: FormTeacher | null): ReviewFormValues {
  if (!teacher) return { ...values, teacher: null, subject: NOT_CHOSEN };
  const keep = teacher.subjects.some((s) => s.id === values.subject);
  const subject = keep ? values.subject : teacher.subjects.length === 1 ? teacher.subjects[0].id : NOT_CHOSEN;
  return { ...values, teacher, subject };
}

/** The request body (grades and overall ×2 already applied to the stored values). */
export function toPayload(values: ReviewFormValues): Record<string, unknown> {
  return {
    teacher: values.teacher?.id ?? NOT_CHOSEN,
    subject: values.subject,
    year: values.year,
    tot_rating: Math.round(values.overall * 2),
    ...values.grades,
    ...values.flags,
    text_rating: values.text,
  };
}

/** The contract's check of the payload: null when it may be sent, else the first error key. */
export function checkValues(
  values: ReviewFormValues,
): { ok: true; payload: ReviewPayload } | { ok: false; error: ReviewFormError; field?: string } {
  const payload = toPayload(values);
  const check = checkReviewPayload(payload);
  if (check.ok) return { ok: true, payload: payload as ReviewPayload };
  return { ok: false, error: check.error, field: check.error === 'incorrect-grade' ? check.detail : undefined };
}

/** Same review (edit): nothing changed. */
export function samePayload(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/** The edit form's values from GET /api/rating/{id} and the teacher's details. */
export function valuesFromEditView(view: ReviewEditView, teacher: FormTeacher): ReviewFormValues {
  const base = emptyValues();
  const grades = { ...base.grades };
  for (const key of REVIEW_GRADE_KEYS) {
    const v = view.grades[key];
    if (typeof v === 'number') grades[key] = v;
  }
  const flags = { ...base.flags };
  for (const key of REVIEW_FLAG_KEYS) flags[key] = view.grades[key] === true;
  return { teacher, subject: view.subject, year: view.year, grades, flags, overall: view.tot_rating / 2, text: view.text_rating ?? '' };
}

/** The characters of `text` the comment rules refuse (each once, in order). */
export function forbiddenCharacters(text: string, pattern: RegExp): string[] {
  return [...new Set([...text].filter((c) => !pattern.test(c)))];
}

/** The key of a service's error answer (`{"error": key}`), if it is one the form knows. */
export function serviceErrorKey(body: unknown): ReviewFormError {
  const key = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof key === 'string' && (FORM_ERROR_KEYS as readonly string[]).includes(key) ? (key as ReviewFormError) : 'fatal';
}
