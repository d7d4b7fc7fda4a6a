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

/** What a moderator's action changed, before and after: a review's `{status, hidden, visible}`, a reply's `{status}`, an objection's `{state}`, a teacher's `{listed, link}`. */
const moderationStateSchema = z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()]));
export const MODERATION_TARGETS = ['review', 'reply', 'objection', 'teacher'] as const;
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'restore',
  'approve-reply',
  'reject-reply',
  'accept-objection',
  'refuse-objection',
  'invite-teacher',
  'unlink-teacher',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];
/**
 * One recorded moderator action (who, when, before, after): on a review, a teacher's reply (its
 * review's id), a teacher's objection, or a teacher's account link (invitation, unlink).
 * `reviewId`/`teacherId` name what it concerns (a review's actions carry its teacher too).
 */
export const moderationActionSchema = z.strictObject({
  target: z.enum(MODERATION_TARGETS),
  reviewId: idSchema.nullable(),
  teacherId: idSchema.nullable(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  text: z.string().nullable(),
  moderatorId: z.string(),
  before: moderationStateSchema,
  after: moderationStateSchema,
  at: z.iso.datetime(),
});
export type ModerationActionView = z.infer<typeof moderationActionSchema>;
/** The answer of approve / reject / restore. */
export const moderationResultSchema = z.strictObject({ id: idSchema, status: reviewStatusSchema, visible: z.boolean() });
