import { z } from 'zod';
import { colorSchema } from './catalogue';
import { idSchema } from './ids';

// The rating half of the API contract (reference/api-contract.md): review payload and its rules
// (product spec, section 5), the public review object, community, search, profile, votes,
// favourites, reports, moderation and the admin catalogue. Services validate with these; front
// ends type their calls with the same types.

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

export const reviewPayloadSchema = z.strictObject({
  teacher: idSchema,
  subject: idSchema,
  year: z.number().int().min(0).max(6),
  tot_rating: z.number().int().min(0).max(10),
  ...(Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, z.number().int().min(0).max(10)])) as Record<ReviewGradeKey, z.ZodNumber>),
  ...(Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<ReviewFlagKey, z.ZodBoolean>),
  text_rating: z.string().max(TEXT_RATING_MAX).regex(TEXT_RATING_PATTERN),
});
/** A checked review payload (flags default to false, text_rating to ''). */
export type ReviewPayload = z.output<typeof reviewPayloadSchema>;

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

export const reviewStatusSchema = z.enum(['pending', 'published', 'held', 'rejected']);
export type ReviewStatusName = z.infer<typeof reviewStatusSchema>;

/** The public review object: never the author's id or e-mail. */
export const publicReviewSchema = z.object({
  id: idSchema,
  tot_rating: z.number().int().min(0).max(10),
  text_rating: z.string(),
  relatable: z.number().int().min(0).max(100),
  relatable_count: z.number().int().nonnegative(),
  teacher: z.object({ id: idSchema, prefix: z.string(), name: z.string() }),
  subject: z.object({ id: idSchema, name: z.string(), color: colorSchema }),
  year: z.number().int().min(0).max(6),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const COMMUNITY_CATEGORIES = ['recent', 'highest', 'lowest', 'relevant'] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];
export const communityCategorySchema = z.object({ title: z.enum(COMMUNITY_CATEGORIES), reviews: z.array(publicReviewSchema) });
export type CommunityCategoryBlock = z.infer<typeof communityCategorySchema>;
/** Per listed review: `[vote, favourite]` (null/false when signed out). */
export const reviewUserStateSchema = z.record(z.string(), z.tuple([z.boolean().nullable(), z.boolean()]));
export type ReviewUserState = z.infer<typeof reviewUserStateSchema>;
/** GET /api/rating/community and GET /api/teacher/{id}/reviews: categories, then the caller's state. */
export type CommunityResponse = [...CommunityCategoryBlock[], ReviewUserState];

/** `?limit=` of the community and teacher-review lists (reviews per category). */
export const communityQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, { message: 'expected an integer 1-50' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .optional(),
});

/** GET /api/teachers?query=T: at least 2 characters, not digits only. */
export const teacherSearchQuerySchema = z.strictObject({
  query: z
    .string({ message: 'query is required' })
    .transform((q) => q.trim())
    .pipe(
      z
        .string()
        .min(2, { message: 'query must have at least 2 characters' })
        .max(100, { message: 'query must have at most 100 characters' })
        .refine((q) => !/^[0-9\s]+$/.test(q), { message: 'query must not be numeric only' }),
    ),
});
export const teacherSearchResultSchema = z.object({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  rating: z.number().min(0).max(10).nullable(),
  subjects: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type TeacherSearchResult = z.infer<typeof teacherSearchResultSchema>;
export const TEACHER_SEARCH_LIMIT = 20;

/** POST /api/rating/0 and PUT /api/rating/{id}: `{message, id}`. */
export const reviewWriteResponseSchema = z.object({ message: z.string(), id: idSchema });

/** GET /api/rating/{id}: the author's edit form (grades holds the 11 grades and the 4 yes/no flags). */
export const reviewEditViewSchema = z.object({
  id: idSchema,
  teacher: idSchema,
  subject: idSchema,
  year: z.number().int(),
  grades: z.record(z.string(), z.union([z.number(), z.boolean()])),
  tot_rating: z.number().int(),
  text_rating: z.string(),
  is_creator: z.boolean(),
  status: reviewStatusSchema,
  reason: z.string().optional(),
});
export type ReviewEditView = z.infer<typeof reviewEditViewSchema>;

export const voteBodySchema = z.strictObject({ value: z.boolean().nullable() });
export const voteResponseSchema = z.object({ relatable: z.number().int(), relatable_count: z.number().int(), vote: z.boolean().nullable() });
export type VoteResponse = z.infer<typeof voteResponseSchema>;
export const favoriteBodySchema = z.strictObject({ value: z.boolean() });
export const reportBodySchema = z.strictObject({ content: z.string().trim().min(1).max(REPORT_CONTENT_MAX) });

/** GET /auth/me: published review count, their mean tot_rating (one decimal, null when none),
 * popularity (percent of relatable among the votes on them), and the join date (ISO). */
export const meSchema = z.object({
  num: z.number().int().nonnegative(),
  average: z.number().min(0).max(10).nullable(),
  popularity: z.number().int().min(0).max(100),
  since: z.string(),
});
export type Me = z.infer<typeof meSchema>;
export const myReviewSchema = publicReviewSchema.extend({ status: reviewStatusSchema, reason: z.string().optional() });
export type MyReview = z.infer<typeof myReviewSchema>;

// Moderation (admin role)
export const moderationRejectBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(200) });
export const moderationNoteBodySchema = z.strictObject({ note: z.string().trim().max(200).optional() });
export const moderationQueueItemSchema = z.object({
  id: idSchema,
  status: reviewStatusSchema,
  reason: z.string().nullable(),
  hidden: z.boolean(),
  reports: z.array(z.object({ content: z.string(), created_at: z.string() })),
  teacher: z.object({ id: idSchema, prefix: z.string(), name: z.string() }),
  subject: z.object({ id: idSchema, name: z.string() }),
  year: z.number().int(),
  tot_rating: z.number().int(),
  text_rating: z.string(),
  created_at: z.string(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

// Admin catalogue
export const TEACHER_PREFIXES = ['M.', 'Mme', 'Mlle', 'Dr', 'Pr'] as const;
export const subjectCreateSchema = z.strictObject({ name: z.string().trim().min(1).max(80), color: colorSchema });
export const subjectUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  color: colorSchema.optional(),
  archived: z.boolean().optional(),
});
export const teacherCreateSchema = z.strictObject({
  prefix: z.string().trim().min(1).max(10),
  name: z.string().trim().min(1).max(100),
  subjects: z.array(idSchema).min(1).max(10),
});
export const teacherUpdateSchema = z.strictObject({
  prefix: z.string().trim().min(1).max(10).optional(),
  name: z.string().trim().min(1).max(100).optional(),
  subjects: z.array(idSchema).min(1).max(10).optional(),
  archived: z.boolean().optional(),
});
export const catalogueImportBodySchema = z.strictObject({ csv: z.string().min(1).max(1_000_000) });
export const catalogueImportResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), error: z.string() })),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
