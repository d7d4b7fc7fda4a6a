import { z } from 'zod';
import { idSchema } from './ids';

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** GET /api/subjects */
export const subjectSchema = z.strictObject({ id: idSchema, name: z.string(), color: colorSchema });
export type Subject = z.infer<typeof subjectSchema>;
export const subjectListSchema = z.array(subjectSchema);

/**
 * One row of GET /api/teachers/ranking, best first: `rating` is the plain mean tot_rating (0–10,
 * one decimal: what older clients show); `score` the Bayesian average the order follows (0–10,
 * one decimal: the mean pulled toward the school's mean while a teacher has few reviews);
 * `reviews` the number of public reviews.
 */
export const rankingEntrySchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  subjects: z.array(z.string()),
  rating: z.number().min(0).max(10),
  score: z.number().min(0).max(10),
  reviews: z.number().int().positive(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;
export const rankingSchema = z.array(rankingEntrySchema);

/**
 * GET /api/teacher/{id}: `rating` is the mean tot_rating (0–10, one decimal) or null without reviews;
 * `criteria` each graded criterion's average (0–10, one decimal) over the reviews that graded it
 * (null: none did); `answers` each yes/no question's percent of yeses (null: no answer);
 * `distribution` how many public reviews gave each overall rating 0–10.
 */
export const teacherDetailSchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  rating: z.number().min(0).max(10).nullable(),
  reviews: z.number().int().nonnegative(),
  subjects: z.array(subjectSchema),
  criteria: z.record(z.string(), z.number().min(0).max(10).nullable()),
  answers: z.record(z.string(), z.number().int().min(0).max(100).nullable()),
  distribution: z.array(z.number().int().nonnegative()).length(11),
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;
