import { type Connection } from 'mongoose';
import type { ObjectId } from 'mongodb';
import { SCAN_BATCH } from './review-store';

export const DETACHED_AT_MIGRATION = 'detached-at-v1';

/** The tombstone a user's erasure puts in `authorId` (worker/erasure/user-erasure.service.ts): `erased-<uuid>`. */
const TOMBSTONE = /^erased-/;

/**
 * Dates the reviews detached by an earlier release (a tombstone in `authorId`, no `detachedAt`) as detached now: their
 * retention period (RETENTION_DETACHED_REVIEWS, worker/retention) counts from this run, never from an unknown past. Found by the
 * `authorId` index (a prefix); written by `_id` a batch at a time, only where still missing. Can run again; marked done last.
 */
export async function migrateToDetachedAt(
  connection: Connection,
  log: (msg: string, data?: object) => void = () => undefined,
  now = new Date(),
): Promise<number> {
  const migrations = connection.collection<{ _id: string; at: Date; reviews: number }>('migrations');
  if (await migrations.findOne({ _id: DETACHED_AT_MIGRATION })) return 0;
  const reviews = connection.collection<{ _id: ObjectId; authorId: string; detachedAt?: Date | null }>('reviews');
  let dated = 0;
  let batch: ObjectId[] = [];
  const flush = async () => {
    if (batch.length)
      dated += (await reviews.updateMany({ _id: { $in: batch }, detachedAt: { $exists: false } }, { $set: { detachedAt: now } }))
        .modifiedCount;
    batch = [];
  };
  const cursor = reviews.find({ authorId: TOMBSTONE }, { projection: { _id: 1, detachedAt: 1 }, batchSize: SCAN_BATCH });
  for await (const doc of cursor) {
    if (doc.detachedAt) continue;
    batch.push(doc._id);
    if (batch.length >= SCAN_BATCH) await flush();
  }
  await flush();
  await migrations.updateOne({ _id: DETACHED_AT_MIGRATION }, { $set: { at: now, reviews: dated } }, { upsert: true });
  log('detached reviews dated', { reviews: dated });
  return dated;
}
