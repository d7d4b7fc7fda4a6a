import { bulkWriteInChunks } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { teacherOid } from '../app/data/keys';
import { type Review } from '../app/reviews/review.schema';
import { type Teacher } from '../app/teachers/teacher.schema';

/**
 * Sets every teacher's reviewCount and ratingSum to the totals of the visible (published, not
 * hidden) versions of his reviews. Running it again changes nothing. Used by the seed, which
 * writes reviews directly; the service maintains the aggregates through the ledger instead.
 */
export async function recomputeTeacherAggregates(teachers: Model<Teacher>, reviews: Model<Review>): Promise<number> {
  const visible = await reviews.find({ visible: true }, { _id: 0, pub: 1 }).lean().exec();
  const byTeacher = new Map<number, { reviewCount: number; ratingSum: number }>();
  for (const r of visible) {
    if (!r.pub) continue;
    const t = byTeacher.get(r.pub.teacherId) ?? { reviewCount: 0, ratingSum: 0 };
    t.reviewCount += 1;
    t.ratingSum += r.pub.tot_rating;
    byTeacher.set(r.pub.teacherId, t);
  }
  const all = await teachers.find({}, { _id: 0, id: 1, reviewCount: 1, ratingSum: 1 }).lean().exec();
  const updates = all
    .map((t) => ({ id: t.id, current: t, next: byTeacher.get(t.id) ?? { reviewCount: 0, ratingSum: 0 } }))
    .filter(({ current, next }) => current.reviewCount !== next.reviewCount || current.ratingSum !== next.ratingSum)
    .map(({ id, next }) => ({ updateOne: { filter: { _id: teacherOid(id) }, update: { $set: { reviewCount: next.reviewCount, ratingSum: next.ratingSum } } } }));
  await bulkWriteInChunks(updates, (chunk) => teachers.bulkWrite(chunk));
  return updates.length;
}
