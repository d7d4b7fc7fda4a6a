import { type AnyBulkWriteOperation } from 'mongodb';
import { type Connection } from 'mongoose';
import { withDerived } from '../reviews/list-keys';
import { type ReviewDoc } from '../reviews/review';
import { SCAN_BATCH } from './review-store';
import { TeacherStatsStore } from './teacher-stats-store';

export const INDEXED_READS_MIGRATION = 'indexed-reads-v1';
/** Writes sent together (one round trip), and how often progress is logged (long work shows progress). */
const BATCH = 500;
const PROGRESS_EVERY = 50_000;

/**
 * Brings the reviews of the previous release (one document per review, ADR 0009) to the indexed
 * reads (ADR 0011), once: each review gets its derived fields (reviews/list-keys.ts) by a
 * compare-and-set on its version (a write meanwhile wins), then every teacher's figures are rebuilt
 * into `teacher_stats`. Each step can run again after a crash; it is marked done last.
 * A database older than the previous release (main before issue 27, e.g. bda167e) must first be
 * started once by that release: its migrations `derived-keys-v1` and `single-document-reviews-v1`.
 */
export async function migrateToIndexedReads(
  connection: Connection,
  log: (msg: string, data?: object) => void = () => undefined,
): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; reviews: number; teachers: number }>('migrations');
  if (await migrations.findOne({ _id: INDEXED_READS_MIGRATION })) return;
  const reviews = connection.collection<ReviewDoc>('reviews');
  const { seen, updated } = await rewriteDerivedFields(connection, 'bringing reviews to indexed reads…', log);
  log("computing every teacher's figures…", { reviews: seen });
  const stats = new TeacherStatsStore(connection.collection('teacher_stats') as never, connection.getClient() as never);
  const teachers = await stats.rebuild(reviews.find({}, { batchSize: SCAN_BATCH }));
  await migrations.updateOne({ _id: INDEXED_READS_MIGRATION }, { $set: { at: new Date(), reviews: updated, teachers } }, { upsert: true });
  log('reviews brought to indexed reads', { reviews: updated, teachers });
}

/**
 * Writes every review's derived fields (reviews/list-keys.ts) as the current code derives them, where they differ: a
 * compare-and-set on its version each (a write meanwhile wins, and derives them itself). Can run again after a crash.
 */
export async function rewriteDerivedFields(
  connection: Connection,
  progress: string,
  log: (msg: string, data?: object) => void,
): Promise<{ seen: number; updated: number }> {
  const reviews = connection.collection<ReviewDoc>('reviews');
  let [seen, updated] = [0, 0];
  let batch: AnyBulkWriteOperation<ReviewDoc>[] = [];
  const flush = async () => {
    if (batch.length) updated += (await reviews.bulkWrite(batch, { ordered: false })).modifiedCount;
    batch = [];
  };
  for await (const doc of reviews.find({}, { batchSize: SCAN_BATCH })) {
    if (++seen % PROGRESS_EVERY === 0) log(progress, { seen, updated });
    const derived = withDerived(doc);
    if (JSON.stringify([derived.keys, derived.flagged]) === JSON.stringify([doc.keys, doc.flagged])) continue;
    const update = derived.keys
      ? { $set: { keys: derived.keys, flagged: derived.flagged } }
      : { $set: { flagged: derived.flagged }, $unset: { keys: '' } };
    batch.push({ updateOne: { filter: { _id: doc._id, fence: doc.fence }, update: update as never } });
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return { seen, updated };
}
