import { z } from 'zod';

/**
 * Events between services, carried by BullMQ queues on the shared Redis. The auth service produces
 * `user-erased` when an account is deleted; the rating worker consumes it and erases that user's
 * votes, favourites and reports and deals with their reviews (see docs/services/benchmarks.md).
 */
export const USER_EVENTS_QUEUE = 'user-events';
export const USER_ERASED_JOB = 'user-erased';

export const userErasedEventSchema = z.object({
  userId: z.string().min(1),
  erasedAt: z.string().datetime(),
});
export type UserErasedEvent = z.infer<typeof userErasedEventSchema>;

/**
 * Events from the rating service to the auth service (queue `moderation-events`, same
 * QUEUE_PREFIX): the rating side stores no e-mail address, so whatever must reach a person by
 * e-mail, or change an account, goes to auth, which knows the address, the language and the
 * account. Delivery is at least once (the rating side keeps an outbox until a job is queued, BullMQ
 * retries); auth applies each event once (idempotent by its key).
 */
export const MODERATION_EVENTS_QUEUE = 'moderation-events';
export const REPORT_DECIDED_JOB = 'report-decided';

/** A teacher as an event names them (for the wording of a mail). */
const eventTeacherSchema = z.object({ id: z.number().int().positive(), prefix: z.string(), name: z.string() });

/**
 * A moderator decided on a reported review; sent for each report whose reporter asked to be told
 * (`notify`). Never the review's author. Idempotent by (review, reporter): a report is decided once.
 */
export const reportDecidedEventSchema = z.object({
  reviewId: z.number().int().positive(),
  reporterId: z.string().min(1),
  outcome: z.enum(['kept', 'removed']),
  reason: z.string().min(1),
  reasonText: z.string().nullable(),
  teacher: eventTeacherSchema.nullable(),
  reportedAt: z.string().datetime(),
  decidedAt: z.string().datetime(),
});
export type ReportDecidedEvent = z.infer<typeof reportDecidedEventSchema>;

/** A BullMQ job id from parts that may hold any character (BullMQ refuses a single `:`). */
const jobIdPart = (text: string): string => [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');
export const reportDecidedJobId = (reviewId: number, reporterId: string): string => `report-decided-${reviewId}-${jobIdPart(reporterId)}`;
/** The key under which auth remembers that a report's outcome was told. */
export const reportNoticeKey = (reviewId: number, reporterId: string): string => `report:${reviewId}:${reporterId}`;
