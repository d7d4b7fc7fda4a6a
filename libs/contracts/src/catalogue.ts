import { z } from 'zod';
import { idSchema } from './ids';

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** GET /api/subjects */
export const subjectSchema = z.strictObject({ id: idSchema, name: z.string(), color: colorSchema });
export type Subject = z.infer<typeof subjectSchema>;
export const subjectListSchema = z.array(subjectSchema);

/** One row of GET /api/teachers/ranking: best first; `rating` is 0–10 (stars × 2). */
export const rankingEntrySchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  subjects: z.array(z.string()),
  rating: z.number().min(0).max(10),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;
export const rankingSchema = z.array(rankingEntrySchema);

/** GET /api/teacher/{id}: `rating` is the mean tot_rating (0–10, one decimal) or null without reviews. */
export const teacherDetailSchema = z.strictObject({
  id: idSchema,
  prefix: z.string(),
  name: z.string(),
  rating: z.number().min(0).max(10).nullable(),
  reviews: z.number().int().nonnegative(),
  subjects: z.array(subjectSchema),
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;
