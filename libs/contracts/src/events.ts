import { z } from 'zod';

/**
 * Events between services, carried by BullMQ queues on the shared Redis. The auth service produces
 * `user-erased` when an account is deleted; the rating worker consumes it and erases that user's
 * votes, favourites and reports and deals with their reviews (see services/README.md).
 */
export const USER_EVENTS_QUEUE = 'user-events';
export const USER_ERASED_JOB = 'user-erased';

export const userErasedEventSchema = z.object({
  userId: z.string().min(1),
  erasedAt: z.string().datetime(),
});
export type UserErasedEvent = z.infer<typeof userErasedEventSchema>;
