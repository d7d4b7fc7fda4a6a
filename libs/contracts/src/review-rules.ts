// The review rules of the contract that need no zod (constants, error keys, the payload check):
// front ends import them without pulling the schema library into their bundles. Re-exported by
// rating.ts, so `@pupitre/contracts` offers them as before.

/** 0 Terminale … 6 Sixième; -1 in a payload means "not chosen" (wrong-year). */
export const YEARS = ['Terminale', 'Première', 'Seconde', 'Troisième', 'Quatrième', 'Cinquième', 'Sixième'] as const;

/** The eleven graded criteria of our form (the spec's second reading), in the order it shows them. */
export const REVIEW_GRADE_KEYS = [
  'clarte',
  'interaction_soutien',
  'methodes',
  'justice',
  'ambiance',
  'gestion_temps',
  'amabilite',
  'gestion_colere',
  'charge_travail',
  'distraction',
  'difficulte',
] as const;
export type ReviewGradeKey = (typeof REVIEW_GRADE_KEYS)[number];
/** Graded in both readings of the spec: required in every payload. */
export const CORE_GRADE_KEYS = [
  'clarte',
  'interaction_soutien',
  'gestion_temps',
  'amabilite',
  'gestion_colere',
  'charge_travail',
  'difficulte',
] as const;
/** Yes/no in the first reading, graded in the second. */
export const DUAL_KEYS = ['justice', 'distraction'] as const;
/** Graded in the second reading only (absent from the first). */
export const OPTIONAL_GRADE_KEYS = ['methodes', 'ambiance'] as const;

/** The yes/no questions of our form. */
export const REVIEW_FLAG_KEYS = ['ponctuel', 'aide', 'greves', 'punitions'] as const;
export type ReviewFlagKey = (typeof REVIEW_FLAG_KEYS)[number];
/** Every yes/no answer a review may hold: our four, and justice and distraction in the first reading. */
export const REVIEW_ANSWER_KEYS = [...REVIEW_FLAG_KEYS, ...DUAL_KEYS] as const;
export type ReviewAnswerKey = (typeof REVIEW_ANSWER_KEYS)[number];

export type ReviewGrades = Partial<Record<ReviewGradeKey, number>>;
export type ReviewAnswers = Partial<Record<ReviewAnswerKey, boolean>>;

export const TEXT_RATING_MAX = 256;
/** Letters a–z A–Z, digits, `, . ? ! '` and space: nothing else (no accents, no @, no /). */
export const TEXT_RATING_PATTERN = /^[a-zA-Z0-9,.?!' ]*$/;
export const REPORT_CONTENT_MAX = 512;

/** Error keys of the rating API beyond the generic ones (`errors.ts`). */
export const reviewPayloadErrorKeys = [
  'wrong-teacher',
  'wrong-subject',
  'wrong-year',
  'incorrect-grade',
  'incorrect-overall',
  'text-rating-forbidden-characters',
] as const;
export type ReviewPayloadErrorKey = (typeof reviewPayloadErrorKeys)[number] | 'bad-request';
export const ratingConflictKeys = ['duplicate-review', 'already-reported', 'invalid-transition', 'duplicate-name'] as const;

/** Free text a moderator adds to a decision (the author, the reporters, the teacher read it). */
export const MODERATION_TEXT_MAX = 1000;

/**
 * The reasons a moderator chooses from to remove a review or a teacher's reply (with an optional
 * free text, required for `other`); the author sees the key and the text, the reporters too.
 */
export const MODERATOR_REASON_KEYS = [
  'offensive-language',
  'personal-data',
  'threat',
  'off-topic',
  'not-about-teaching',
  'false-statement',
  'other',
] as const;
export type ModeratorReasonKey = (typeof MODERATOR_REASON_KEYS)[number];
/** Still accepted from older callers of the reject endpoint: "removed by a moderator", no specific reason. */
export const LEGACY_MODERATOR_REASON = 'moderator';
/** What reporters are told when a moderator keeps a reported review without a note of their own. */
export const KEPT_DEFAULT_REASON = 'no-breach';

/**
 * Why the automatic validation (or a moderator) held or rejected a review; the author sees it.
 * `reported`: held by the weight of its reports; `teacher-delisted`: its teacher objected to being
 * listed and the objection was accepted (the review is no longer public; the author keeps it);
 * `identifying-details`: the comment seems to identify its author or another pupil (a class group, a
 * first name, a family tie, a date or a precise event: text-checks/identifying-details.ts), held for
 * a moderator's look before it is public.
 */
export const moderationReasonKeys = [
  'offensive-language',
  'personal-data',
  'threat',
  'text-rating-forbidden-characters',
  'moderator',
  'withdrawn',
  'reported',
  'off-topic',
  'not-about-teaching',
  'false-statement',
  'other',
  'teacher-delisted',
  'identifying-details',
] as const;
export type ModerationReason = (typeof moderationReasonKeys)[number];

/** The wire payload our front end sends (the second reading: eleven grades, four yes/no answers). */
export type ReviewPayload = { teacher: number; subject: number; year: number; tot_rating: number; text_rating: string } & Record<
  ReviewGradeKey,
  number
> &
  Record<ReviewFlagKey, boolean>;

/** A payload after the checks, in either reading: what a review stores (only what it was given). */
export interface CheckedReview {
  teacher: number;
  subject: number;
  year: number;
  tot_rating: number;
  text_rating: string;
  grades: ReviewGrades;
  answers: ReviewAnswers;
}

export type ReviewPayloadCheck = { ok: true; value: CheckedReview } | { ok: false; error: ReviewPayloadErrorKey; detail?: string };

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** An integer, or a string of decimal digits (older clients send `"12"`); anything else is NaN. */
function wholeNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^[0-9]{1,16}$/.test(v)) return Number(v);
  return NaN;
}
const asId = (v: unknown): number | null => {
  const n = wholeNumber(v);
  return n >= 1 && n <= MAX_ID ? n : null;
};
const isGrade = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10;
const ALLOWED_KEYS = new Set<string>([
  'teacher',
  'subject',
  'year',
  'tot_rating',
  'text_rating',
  ...REVIEW_GRADE_KEYS,
  ...REVIEW_FLAG_KEYS,
]);

/**
 * The review rules of the spec (section 5), each with its error key, in the order a form shows
 * them: teacher, subject and year chosen (-1 = not chosen; integers or digit strings), the grades
 * and the overall rating integers 0–10, the comment within its character set and length. Unknown
 * fields, a non-object body or a non-boolean yes/no answer are `bad-request`.
 *
 * Both readings of the spec's form are valid (api-contract.md, "Be liberal"): the seven core
 * criteria are always grades; `justice` and `distraction` are each a grade or a yes/no answer;
 * `methodes` and `ambiance` a grade or absent. The result keeps exactly what was given. Whether the
 * teacher exists and teaches the subject is checked by the service (same keys).
 */
export function checkReviewPayload(input: unknown): ReviewPayloadCheck {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, error: 'bad-request', detail: 'expected a JSON object' };
  const body = input as Record<string, unknown>;
  const unknown = Object.keys(body).filter((k) => !ALLOWED_KEYS.has(k));
  if (unknown.length) return { ok: false, error: 'bad-request', detail: `unknown field(s): ${unknown.slice(0, 5).join(', ')}` };
  const teacher = asId(body.teacher);
  if (teacher === null) return { ok: false, error: 'wrong-teacher' };
  const subject = asId(body.subject);
  if (subject === null) return { ok: false, error: 'wrong-subject' };
  const year = wholeNumber(body.year);
  if (!(year >= 0 && year <= 6)) return { ok: false, error: 'wrong-year' };
  const grades: ReviewGrades = {};
  const answers: ReviewAnswers = {};
  for (const key of REVIEW_GRADE_KEYS) {
    const v = body[key];
    if (isGrade(v)) grades[key] = v;
    else if ((DUAL_KEYS as readonly string[]).includes(key) && typeof v === 'boolean') answers[key as ReviewAnswerKey] = v;
    else if ((OPTIONAL_GRADE_KEYS as readonly string[]).includes(key) && v == null) continue;
    else return { ok: false, error: 'incorrect-grade', detail: key };
  }
  if (!isGrade(body.tot_rating)) return { ok: false, error: 'incorrect-overall' };
  const text = body.text_rating ?? '';
  if (typeof text !== 'string' || text.length > TEXT_RATING_MAX || !TEXT_RATING_PATTERN.test(text)) {
    return { ok: false, error: 'text-rating-forbidden-characters' };
  }
  for (const key of REVIEW_FLAG_KEYS) {
    const v = body[key] ?? false;
    if (typeof v !== 'boolean') return { ok: false, error: 'bad-request', detail: `${key}: expected a boolean` };
    answers[key] = v;
  }
  return { ok: true, value: { teacher, subject, year, tot_rating: body.tot_rating, text_rating: text, grades, answers } };
}
