import { z } from 'zod';
import { idSchema } from './ids';
import { monthDateSchema } from './public-dates';

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
 * One group of the teacher page's breakdown by class year: one or more class years (0 Terminale …
 * 6 Sixième), the number of public reviews written in them, and their mean overall rating (0–10,
 * one decimal).
 */
export const yearGroupSchema = z.strictObject({
  years: z.array(z.number().int().min(0).max(6)).min(1),
  reviews: z.number().int().positive(),
  /** The group's mean, one decimal: from 10 reviews only (null below). */
  rating: z.number().min(0).max(10).nullable(),
});
export type YearGroup = z.infer<typeof yearGroupSchema>;

/**
 * GET /api/teacher/{id}: `rating` is the mean tot_rating (0–10, one decimal) or null without reviews;
 * `criteria` each graded criterion's average (0–10, one decimal) over the reviews that graded it
 * (null: none did); `answers` each yes/no question's percent of yeses (null: no answer);
 * `distribution` how many public reviews gave each overall rating 0–10. `by_year`: the only place
 * the class year is public (docs/threat-model.md): fixed groups (collège: years 6–3, lycée: 2–0) of
 * a breakdown frozen at the start of the month `by_year_until` names, a group shown from 5 reviews
 * (YEAR_GROUP_MIN_REVIEWS) and its mean from 10, its figures moving by 5 reviews or more at once.
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
  by_year: z.array(yearGroupSchema),
  by_year_until: monthDateSchema,
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;
