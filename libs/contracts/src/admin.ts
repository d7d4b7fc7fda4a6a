import { z } from 'zod';
import { colorSchema } from './catalogue';
import { idSchema } from './ids';
import { reviewStatusSchema } from './rating';

// Answers of the admin API (catalogue and moderation, `admin` role): not part of api-contract.md,
// checked like every other answer (endpoints.ts).

/** A subject as the admin catalogue lists it. */
export const adminSubjectRowSchema = z.strictObject({ id: idSchema, name: z.string(), color: colorSchema, archived: z.boolean() });
export type AdminSubjectRow = z.infer<typeof adminSubjectRowSchema>;

/** A teacher as the admin catalogue lists it: the review count as of now. */
export const adminTeacherRowSchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  subjectIds: z.array(idSchema),
  archived: z.boolean(),
  reviewCount: z.number().int().nonnegative(),
});
export type AdminTeacherRow = z.infer<typeof adminTeacherRowSchema>;

const moderationStateSchema = z.strictObject({ status: reviewStatusSchema, hidden: z.boolean(), visible: z.boolean() });
/** One recorded moderator action on a review (who, when, before, after). */
export const moderationActionSchema = z.strictObject({
  reviewId: idSchema,
  action: z.enum(['approve', 'reject', 'restore']),
  reason: z.string().nullable(),
  moderatorId: z.string(),
  before: moderationStateSchema,
  after: moderationStateSchema,
  at: z.iso.datetime(),
});
/** The answer of approve / reject / restore. */
export const moderationResultSchema = z.strictObject({ id: idSchema, status: reviewStatusSchema, visible: z.boolean() });
