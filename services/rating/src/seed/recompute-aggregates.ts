import { groupSums } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { type Review } from '../app/reviews/review.schema';
import { type Teacher } from '../app/teachers/teacher.schema';

/**
 * Sets every teacher's reviewCount and ratingSum to the totals of his published reviews
 * (groupSums: FerretDB-safe). Running it again changes nothing.
 */
export async function recomputeTeacherAggregates(teachers: Model<Teacher>, reviews: Model<Review>): Promise<number> {
  const byTeacher = await groupSums<number, 'reviewCount' | 'ratingSum'>(reviews, {
    match: { status: 'published' },
    by: '$teacherId',
    sums: { reviewCount: 1, ratingSum: '$tot_rating' },
  });
  const all = await teachers.find({}, { _id: 0, id: 1, reviewCount: 1, ratingSum: 1 }).lean().exec();
  const updates = all
    .map((t) => ({ id: t.id, current: t, next: byTeacher.get(t.id) ?? { reviewCount: 0, ratingSum: 0 } }))
    .filter(({ current, next }) => current.reviewCount !== next.reviewCount || current.ratingSum !== next.ratingSum)
    .map(({ id, next }) => ({ updateOne: { filter: { id }, update: { $set: { reviewCount: next.reviewCount, ratingSum: next.ratingSum } } } }));
  if (updates.length) await teachers.bulkWrite(updates);
  return updates.length;
}
