import { z } from 'zod';
import { colorSchema } from './catalogue';
import { idSchema } from './ids';

// The rating half of the API contract (reference/api-contract.md): review payload and its rules
// (product spec, section 5), the public review object, community, search, profile, votes,
// favourites, reports, moderation and the admin catalogue. Services validate with these; front
// ends type their calls with the same types.

import {
  REPORT_CONTENT_MAX,
  REVIEW_FLAG_KEYS,
  REVIEW_GRADE_KEYS,
  TEXT_RATING_MAX,
  TEXT_RATING_PATTERN,
  type ReviewFlagKey,
  type ReviewGradeKey,
} from './review-rules';

export * from './review-rules';

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
