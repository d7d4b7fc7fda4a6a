// The review rules of the contract that need no zod (constants, error keys, the payload check):
// front ends import them without pulling the schema library into their bundles. Re-exported by
// rating.ts, so `@pupitre/contracts` offers them as before.
import type { ReviewPayload } from './rating';

/** 0 Terminale … 6 Sixième; -1 in a payload means "not chosen" (wrong-year). */
export const YEARS = ['Terminale', 'Première', 'Seconde', 'Troisième', 'Quatrième', 'Cinquième', 'Sixième'] as const;

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
export const REVIEW_FLAG_KEYS = ['ponctuel', 'aide', 'greves', 'punitions'] as const;
export type ReviewFlagKey = (typeof REVIEW_FLAG_KEYS)[number];

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

/** Why the automatic validation (or a moderator) held or rejected a review; the author sees it. */
export const moderationReasonKeys = ['offensive-language', 'personal-data', 'threat', 'text-rating-forbidden-characters', 'moderator'] as const;
export type ModerationReason = (typeof moderationReasonKeys)[number];

export type ReviewPayloadCheck = { ok: true; value: ReviewPayload } | { ok: false; error: ReviewPayloadErrorKey; detail?: string };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= Number.MAX_SAFE_INTEGER;
const isGrade = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10;
const ALLOWED_KEYS = new Set<string>(['teacher', 'subject', 'year', 'tot_rating', 'text_rating', ...REVIEW_GRADE_KEYS, ...REVIEW_FLAG_KEYS]);

/**
 * The review rules of the spec (section 5), each with its error key, in the order a form shows
 * them: teacher, subject and year chosen (-1 = not chosen), every grade and the overall rating an
 * integer 0–10, the comment within its character set and length. Unknown fields, a non-object body
 * or a non-boolean flag are `bad-request`. Whether the teacher exists and teaches the subject is
 * checked by the service (same keys).
 */
export function checkReviewPayload(input: unknown): ReviewPayloadCheck {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, error: 'bad-request', detail: 'expected a JSON object' };
  const body = input as Record<string, unknown>;
  const unknown = Object.keys(body).filter((k) => !ALLOWED_KEYS.has(k));
  if (unknown.length) return { ok: false, error: 'bad-request', detail: `unknown field(s): ${unknown.slice(0, 5).join(', ')}` };
  if (!isId(body.teacher)) return { ok: false, error: 'wrong-teacher' };
  if (!isId(body.subject)) return { ok: false, error: 'wrong-subject' };
  if (typeof body.year !== 'number' || !Number.isInteger(body.year) || body.year < 0 || body.year > 6) return { ok: false, error: 'wrong-year' };
  for (const key of REVIEW_GRADE_KEYS) if (!isGrade(body[key])) return { ok: false, error: 'incorrect-grade', detail: key };
  if (!isGrade(body.tot_rating)) return { ok: false, error: 'incorrect-overall' };
  const text = body.text_rating ?? '';
  if (typeof text !== 'string' || text.length > TEXT_RATING_MAX || !TEXT_RATING_PATTERN.test(text)) {
    return { ok: false, error: 'text-rating-forbidden-characters' };
  }
  for (const key of REVIEW_FLAG_KEYS) {
    if (body[key] !== undefined && typeof body[key] !== 'boolean') return { ok: false, error: 'bad-request', detail: `${key}: expected a boolean` };
  }
  const value = { ...body, text_rating: text } as Record<string, unknown>;
  for (const key of REVIEW_FLAG_KEYS) value[key] = body[key] ?? false;
  return { ok: true, value: value as ReviewPayload };
}
