import { bulkWriteInChunks } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { teacherOid } from '../app/data/keys';
import { type Review } from '../app/reviews/review.schema';
import { foldAggregates } from '../app/teachers/effective-aggregates';
import { type Teacher, type UpcomingDelta } from '../app/teachers/teacher.schema';

/**
 * Sets every teacher's reviewCount and ratingSum to the totals of the visible (published, not
 * hidden) versions of his reviews, those shown later (validated ahead of their publication time)
 * as upcoming changes. Running it again changes nothing. Used by the seed, which
 * writes reviews directly; the service maintains the aggregates through the ledger instead.
 */
export async function recomputeTeacherAggregates(teachers: Model<Teacher>, reviews: Model<Review>): Promise<number> {
  const visible = await reviews.find({ visible: true }, { _id: 0, pub: 1 }).lean().exec();
  const byTeacher = new Map<number, UpcomingDelta[]>();
  for (const r of visible) {
    if (!r.pub) continue;
    const deltas = byTeacher.get(r.pub.teacherId) ?? [];
    deltas.push({ at: new Date(r.pub.publishedAt).getTime(), count: 1, sum: r.pub.tot_rating });
    byTeacher.set(r.pub.teacherId, deltas);
  }
  const now = Date.now();
  const all = await teachers.find({}, { _id: 0, id: 1, reviewCount: 1, ratingSum: 1, upcoming: 1 }).lean().exec();
  const updates = all
    .map((t) => {
      const { count, sum, upcoming } = foldAggregates([], byTeacher.get(t.id) ?? [], now);
      return { id: t.id, current: t, next: { reviewCount: count, ratingSum: sum, upcoming } };
    })
    .filter(({ current, next }) => current.reviewCount !== next.reviewCount || current.ratingSum !== next.ratingSum || JSON.stringify(current.upcoming ?? []) !== JSON.stringify(next.upcoming))
    .map(({ id, next }) => ({ updateOne: { filter: { _id: teacherOid(id) }, update: { $set: next } } }));
  await bulkWriteInChunks(updates, (chunk) => teachers.bulkWrite(chunk));
  return updates.length;
}
