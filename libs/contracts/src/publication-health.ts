import { z } from 'zod';
import { idSchema } from './ids';

// GET /api/moderation/health: the reconciler's to-do list as the moderators' console shows it (moderator or admin role).

/** A task the reconciler failed to do at least once: retried with back-off, the others go on meanwhile. */
export const failingTaskSchema = z.strictObject({
  reviewId: idSchema,
  /** The review's version, or its teacher's reply. */
  kind: z.enum(['review', 'reply']),
  attempts: z.number().int().positive(),
  lastError: z.string(),
  /** The next attempt (null for a task failed before this field was written). */
  retryAt: z.iso.datetime().nullable(),
});
export type FailingTask = z.infer<typeof failingTaskSchema>;

export const publicationHealthSchema = z.strictObject({
  /** Every failing task the moderator may see (also those the list leaves out past 20); none about his own teacher record. */
  failingTasks: z.number().int().nonnegative(),
  tasks: z.array(failingTaskSchema),
});
export type PublicationHealth = z.infer<typeof publicationHealthSchema>;
