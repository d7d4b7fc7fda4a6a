import { z } from 'zod';

/**
 * One calendar month (UTC) of the transparency figures, computed from the review documents by the
 * rating worker: reviews first published, held (by the automatic checks or by the weight of their
 * reports), removed (by the checks or a moderator); reports received, and the reports decided that
 * month with their outcome; the median time from a report or a hold to the moderator's decision.
 */
export const transparencyMonthSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  published: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  reports: z.number().int().nonnegative(),
  reports_kept: z.number().int().nonnegative(),
  reports_removed: z.number().int().nonnegative(),
  /** Hours, one decimal; null when nothing was decided that month. */
  median_hours_to_decision: z.number().nonnegative().nullable(),
});
export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;

/** GET /api/transparency: the last 12 months, oldest first; `generated_at` null before the first computation. */
export const transparencySchema = z.strictObject({
  generated_at: z.iso.datetime().nullable(),
  months: z.array(transparencyMonthSchema),
});
export type Transparency = z.infer<typeof transparencySchema>;
