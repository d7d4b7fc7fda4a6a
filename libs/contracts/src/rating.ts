import { ownReplySchema, publicReplySchema } from './teacher-voice';
import { z } from 'zod';
import { colorSchema } from './catalogue';
import { idSchema } from './ids';
import { dayDateSchema, monthDateSchema } from './public-dates';

// The rating half of the API contract (reference/api-contract.md): review payload and its rules
// (product spec, section 5), the public review object, community, search, profile, votes,
// favourites, reports, moderation and the admin catalogue. Services validate with these; front
// ends type their calls with the same types.

import {
  CORE_GRADE_KEYS,
  DUAL_KEYS,
  LEGACY_MODERATOR_REASON,
  MODERATION_TEXT_MAX,
  MODERATOR_REASON_KEYS,
  OPTIONAL_GRADE_KEYS,
  REPORT_CONTENT_MAX,
  REVIEW_ANSWER_KEYS,
  REVIEW_FLAG_KEYS,
  REVIEW_GRADE_KEYS,
  TEXT_RATING_MAX,
  TEXT_RATING_PATTERN,
} from './review-rules';

export * from './review-rules';

const grade = z.number().int().min(0).max(10);
/** A payload id: an integer, or a string of digits from older clients (`"12"`). */
const payloadId = z.union([z.number().int(), z.string().regex(/^[0-9]{1,16}$/)]);

/**
 * The review payload of POST /api/rating/0 and PUT /api/rating/{id}, in either reading of the spec
 * (documentation: the service checks with `checkReviewPayload`, which gives each rule its error key).
 */
export const reviewPayloadSchema = z.strictObject({
  teacher: payloadId,
  subject: payloadId,
  year: payloadId,
  tot_rating: grade,
  ...Object.fromEntries(CORE_GRADE_KEYS.map((k) => [k, grade])),
  ...Object.fromEntries(DUAL_KEYS.map((k) => [k, z.union([grade, z.boolean()])])),
  ...Object.fromEntries(OPTIONAL_GRADE_KEYS.map((k) => [k, grade.nullable().optional()])),
  ...Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, z.boolean().optional()])),
  text_rating: z.string().max(TEXT_RATING_MAX).regex(TEXT_RATING_PATTERN).optional(),
});
export const reviewStatusSchema = z.enum(['pending', 'published', 'held', 'rejected']);
export type ReviewStatusName = z.infer<typeof reviewStatusSchema>;

/**
 * The public review object: never the author's id or e-mail, nor what narrows the author down in a
 * small school (docs/threat-model.md): no class year (older clients ignore its absence), and
 * `created_at` rounded to the month (its first day, UTC midnight, ISO 8601). `subject` is the
 * subject's name (a string: the spec's Review entity, which older clients render as text), with
 * `subject_id` and `subject_color` beside it. `grades` holds the criteria the review was given
 * (0–10; a criterion it lacks is absent) and `answers` its yes/no answers (added after the spec's
 * client: older clients ignore them).
 */
export const publicReviewSchema = z.strictObject({
  id: idSchema,
  tot_rating: grade,
  text_rating: z.string(),
  relatable: z.number().int().min(0).max(100),
  relatable_count: z.number().int().nonnegative(),
  teacher: z.strictObject({ id: idSchema, prefix: z.string(), name: z.string() }),
  subject: z.string(),
  subject_id: idSchema,
  subject_color: colorSchema,
  created_at: monthDateSchema,
  grades: z.partialRecord(z.enum(REVIEW_GRADE_KEYS), grade),
  answers: z.partialRecord(z.enum(REVIEW_ANSWER_KEYS), z.boolean()),
  /** The teacher's published reply, when there is one (teacher-voice.ts). */
  reply: publicReplySchema.optional(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const COMMUNITY_CATEGORIES = ['recent', 'highest', 'lowest', 'relevant'] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];
export const communityCategorySchema = z.strictObject({ title: z.enum(COMMUNITY_CATEGORIES), reviews: z.array(publicReviewSchema) });
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

/** Search queries shorter than this answer `[]` (older clients search from the first keystroke). */
export const TEACHER_SEARCH_MIN = 2;
export const TEACHER_SEARCH_MAX = 64;
/** GET /api/teachers?query=T: at most 64 characters, not digits only (trimmed). */
export const teacherSearchQuerySchema = z.strictObject({
  query: z
    .string({ message: 'query is required' })
    .transform((q) => q.trim())
    .pipe(
      z
        .string()
        .max(TEACHER_SEARCH_MAX, { message: `query must have at most ${TEACHER_SEARCH_MAX} characters` })
        .refine((q) => q.length < TEACHER_SEARCH_MIN || !/^[0-9\s]+$/.test(q), { message: 'query must not be numeric only' }),
    ),
});
export const teacherSearchResultSchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  rating: z.number().min(0).max(10).nullable(),
  subjects: z.array(z.strictObject({ id: idSchema, name: z.string() })),
});
export type TeacherSearchResult = z.infer<typeof teacherSearchResultSchema>;
export const TEACHER_SEARCH_LIMIT = 20;

/** POST /api/rating/0 and PUT /api/rating/{id}: `{message, id}`. */
export const reviewWriteResponseSchema = z.strictObject({ message: z.string(), id: idSchema });

/**
 * GET /api/rating/{id}: the author's edit form. `grades` holds what the review was given: its
 * grades (0–10) and yes/no answers, by name (`justice` and `distraction` are booleans in the first reading).
 * A moderator may read it too (`is_creator: false`), without the class year (`year: -1`).
 */
export const reviewEditViewSchema = z.strictObject({
  id: idSchema,
  teacher: idSchema,
  subject: idSchema,
  year: z.number().int(),
  grades: z.partialRecord(z.enum([...REVIEW_GRADE_KEYS, ...REVIEW_FLAG_KEYS]), z.union([grade, z.boolean()])),
  tot_rating: z.number().int(),
  text_rating: z.string(),
  is_creator: z.boolean(),
  status: reviewStatusSchema,
  reason: z.string().optional(),
  reason_text: z.string().optional(),
  /** To its author, while pending: when it will be public (the release after its validation; docs/threat-model.md). */
  public_at: z.iso.datetime().optional(),
});
export type ReviewEditView = z.infer<typeof reviewEditViewSchema>;

export const voteBodySchema = z.strictObject({ value: z.boolean().nullable() });
export const voteResponseSchema = z.strictObject({
  relatable: z.number().int(),
  relatable_count: z.number().int(),
  vote: z.boolean().nullable(),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;
export const favoriteBodySchema = z.strictObject({ value: z.boolean() });
/**
 * POST /api/rating/{id}/report: the reporter's reason; `notify: true` asks to be told the outcome by
 * e-mail (in the account's language) once a moderator decides; `{content}` alone stays valid.
 */
export const reportBodySchema = z.strictObject({
  content: z.string().trim().min(1).max(REPORT_CONTENT_MAX),
  notify: z.boolean().optional(),
});

/** GET /auth/me: published review count, their mean tot_rating (one decimal, null when none),
 * popularity (percent of relatable among the votes on them), and the join date (ISO). */
export const meSchema = z.strictObject({
  num: z.number().int().nonnegative(),
  average: z.number().min(0).max(10).nullable(),
  popularity: z.number().int().min(0).max(100),
  since: z.string(),
});
export type Me = z.infer<typeof meSchema>;
/**
 * The author's own review: everything about it, the class year and the day it was written too (it
 * is theirs). `reason`: the key of the statement of reasons when held or rejected; `reason_text`: a
 * moderator's own words, when given.
 */
export const myReviewSchema = publicReviewSchema.extend({
  year: z.number().int().min(0).max(6),
  created_at: dayDateSchema,
  status: reviewStatusSchema,
  reason: z.string().optional(),
  reason_text: z.string().optional(),
  /** While pending: when it will be public (the release after its validation). Older clients ignore it. */
  public_at: z.iso.datetime().optional(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/**
 * GET /auth/me/reports: the reports the user made, newest first, each with the moderators' outcome
 * (open until they decide, then kept or removed) and their statement of reasons.
 */
export const myReportSchema = z.strictObject({
  review_id: idSchema,
  teacher: z.strictObject({ id: idSchema, prefix: z.string(), name: z.string() }).nullable(),
  content: z.string(),
  created_at: z.iso.datetime(),
  outcome: z.enum(['open', 'kept', 'removed']),
  reason: z.string().nullable(),
  /** The moderator's own words beside the reason key, when given. */
  reason_text: z.string().optional(),
  /** Whether the reporter asked to be told the outcome by e-mail. */
  notify: z.boolean().optional(),
  decided_at: z.iso.datetime().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;

// Moderation (moderator and admin roles)
const moderationText = z.string().trim().min(1).max(MODERATION_TEXT_MAX);
/**
 * reject (a review or a reply): a reason from MODERATOR_REASON_KEYS (or the legacy `moderator`) and
 * an optional free text, required with `other`.
 */
export const moderationRejectBodySchema = z
  .strictObject({ reason: z.enum([...MODERATOR_REASON_KEYS, LEGACY_MODERATOR_REASON]), text: moderationText.optional() })
  .refine((b) => b.reason !== 'other' || b.text !== undefined, { message: 'text is required with the reason other', path: ['text'] });
export type ModerationRejectBody = z.infer<typeof moderationRejectBodySchema>;
/** approve: an optional note (the reason the reporters read; default `no-breach`) and free text. */
export const moderationNoteBodySchema = z.strictObject({ note: z.string().trim().max(200).optional(), text: moderationText.optional() });
/**
 * One review waiting for a moderator: never its author's account. `author_key` is opaque (derived
 * from the author and the teacher with a server secret): two reviews of one teacher by one author
 * share it, so moderators see a pile-on without learning who; it links nothing across teachers.
 * Dated to the month, without the class year, like the public object.
 */
export const moderationQueueItemSchema = z.strictObject({
  id: idSchema,
  author_key: z.string().regex(/^[A-Za-z0-9_-]{8,32}$/),
  status: reviewStatusSchema,
  reason: z.string().nullable(),
  hidden: z.boolean(),
  reports: z.array(z.strictObject({ content: z.string(), weight: z.number().nonnegative(), created_at: z.string() })),
  teacher: z.strictObject({ id: idSchema, prefix: z.string(), name: z.string() }),
  subject: z.strictObject({ id: idSchema, name: z.string() }),
  tot_rating: z.number().int(),
  text_rating: z.string(),
  created_at: monthDateSchema,
  /** The teacher's reply when it waits for a moderator (held by the automatic checks). */
  reply: ownReplySchema.optional(),
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
export const catalogueImportResultSchema = z.strictObject({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.strictObject({ line: z.number().int(), error: z.string() })),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
