import { z } from 'zod';
import { languageSchema } from './auth';
import { idSchema } from './ids';
import { monthDateSchema } from './public-dates';
import {
  OBJECTION_ACCEPT_REASON_KEYS,
  OBJECTION_REFUSE_REASON_KEYS,
  OBJECTION_REASONS_MAX,
  OBJECTION_REASONS_MIN,
  OBJECTION_STATES,
  REPLY_STATUSES,
  REPLY_TEXT_MAX,
  REPLY_TEXT_PATTERN,
} from './teacher-voice-rules';

export * from './teacher-voice-rules';

// Teachers' right of reply and objection (issue #18, item 3): a moderator invites a teacher by
// e-mail (the auth service keeps the address and the link), the teacher links their account, then
// replies to reviews about them (one public reply per review, through the automatic checks and
// moderation) and may object to being listed. See docs/review-lifecycle.md.

export const replyBodySchema = z.strictObject({
  text: z.string().trim().min(1).max(REPLY_TEXT_MAX).regex(REPLY_TEXT_PATTERN, { message: 'reply-forbidden-characters' }),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** A teacher's reply as everyone reads it under the review (published ones only; never an account id), dated to the month like the review. */
export const publicReplySchema = z.strictObject({
  text: z.string(),
  created_at: monthDateSchema,
});
export type PublicReply = z.infer<typeof publicReplySchema>;

/**
 * The teacher's own view of their reply: its status and, when held or rejected, the reason (a key)
 * and, when a moderator removed it, their words.
 */
export const ownReplySchema = z.strictObject({
  text: z.string(),
  status: z.enum(REPLY_STATUSES),
  reason: z.string().nullable(),
  reason_text: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type OwnReply = z.infer<typeof ownReplySchema>;
export const replyWriteResponseSchema = z.strictObject({ id: idSchema, reply: ownReplySchema });

export const objectionBodySchema = z.strictObject({ reasons: z.string().trim().min(OBJECTION_REASONS_MIN).max(OBJECTION_REASONS_MAX) });

/** A teacher's objection to being listed, as the teacher and the moderators read it. */
export const objectionViewSchema = z.strictObject({
  teacher: z.strictObject({ id: idSchema, prefix: z.string(), name: z.string() }),
  state: z.enum(OBJECTION_STATES),
  reasons: z.string(),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
  reason_text: z.string().nullable(),
  /** Accepted: when the hidden page and reviews are erased for good. */
  erase_after: z.iso.datetime().nullable(),
});
export type ObjectionView = z.infer<typeof objectionViewSchema>;

/** A moderator's decision on an objection: a reason key (of the decision's list) and optional words, required with `other`. */
const decisionBody = <K extends readonly [string, ...string[]]>(keys: K) =>
  z
    .strictObject({ reason: z.enum(keys), text: z.string().trim().min(1).max(1000).optional() })
    .refine((b) => b.reason !== 'other' || b.text !== undefined, { message: 'text is required with the reason other', path: ['text'] });
export const objectionAcceptBodySchema = decisionBody(OBJECTION_ACCEPT_REASON_KEYS);
export const objectionRefuseBodySchema = decisionBody(OBJECTION_REFUSE_REASON_KEYS);

/** One of the linked teacher's public reviews (dated to the month, as everyone reads it), with their own reply when there is one. */
export const teacherSpaceReviewSchema = z.strictObject({
  id: idSchema,
  tot_rating: z.number().int().min(0).max(10),
  text_rating: z.string(),
  subject: z.string(),
  created_at: monthDateSchema,
  reply: ownReplySchema.nullable(),
});
/** GET /api/teacher-space: the linked teacher's record, whether they are listed, their objection and reviews. */
export const teacherSpaceSchema = z.strictObject({
  teacher: z.strictObject({ id: idSchema, prefix: z.string(), name: z.string() }),
  listed: z.boolean(),
  objection: objectionViewSchema.nullable(),
  reviews: z.array(teacherSpaceReviewSchema),
});
export type TeacherSpace = z.infer<typeof teacherSpaceSchema>;

/** POST /api/moderation/teachers/:id/invite: the teacher's address and the mail's language (the rating side stores neither). */
export const teacherInviteBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  lang: languageSchema.default('fr'),
});
export const teacherInviteResponseSchema = z.strictObject({ teacher_id: idSchema, valid_days: z.number().int().positive() });

/** POST /auth/teacher-invitations/accept (Bearer): the token of the e-mailed link. */
export const invitationAcceptBodySchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const invitationAcceptResponseSchema = z.strictObject({ teacher_id: idSchema });

/** The moderation answers about replies and objections. */
export const replyModerationResultSchema = z.strictObject({ id: idSchema, reply: ownReplySchema });
export const objectionDecisionResultSchema = objectionViewSchema;

// Events (queue moderation-events, see events.ts)
export const TEACHER_INVITED_JOB = 'teacher-invited';
/** A moderator invites `email` to link an account to teacher `teacher` (carries an address: never stored by the rating side). */
export const teacherInvitedEventSchema = z.object({
  teacher: z.object({ id: z.number().int().positive(), prefix: z.string(), name: z.string() }),
  email: z.string().min(3),
  lang: languageSchema,
  moderatorId: z.string().min(1),
  invitedAt: z.string().datetime(),
});
export type TeacherInvitedEvent = z.infer<typeof teacherInvitedEventSchema>;

export const OBJECTION_DECIDED_JOB = 'objection-decided';
/** A moderator decided on a teacher's objection: auth mails the linked account (`userId`) in its language. */
export const objectionDecidedEventSchema = z.object({
  teacherId: z.number().int().positive(),
  userId: z.string().min(1),
  outcome: z.enum(['accepted', 'refused']),
  reason: z.string().min(1),
  reasonText: z.string().nullable(),
  eraseAfter: z.string().datetime().nullable(),
  decidedAt: z.string().datetime(),
});
export type ObjectionDecidedEvent = z.infer<typeof objectionDecidedEventSchema>;
export const objectionDecidedJobId = (teacherId: number, decidedAt: string): string =>
  `objection-decided-${teacherId}-${new Date(decidedAt).getTime()}`;
export const objectionNoticeKey = (teacherId: number, decidedAt: string): string =>
  `objection:${teacherId}:${new Date(decidedAt).getTime()}`;
