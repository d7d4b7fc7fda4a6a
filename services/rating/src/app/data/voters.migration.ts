import { type AnyBulkWriteOperation } from 'mongodb';
import { type Connection } from 'mongoose';
import { votersFromText } from '../reviews/votes';
import { SCAN_BATCH } from './review-store';

export const VOTERS_MIGRATION = 'voters-v1';
/** Writes sent together (one round trip), and how often progress is logged. */
const BATCH = 500;
const PROGRESS_EVERY = 50_000;

interface OldVotes {
  _id: unknown;
  votes?: unknown;
}

/**
 * Moves each review's votes from the JSON text `votes` (`{userId: 1 | 0}`, earlier releases) to the array `voters`
 * (`[{u, v}]`, index `voters.u`: reviews/votes.ts) and drops `votes`; the counts were written with the text and stay. Each
 * review by one write conditional on the text it was read with (a write meanwhile wins, and is moved by the next pass), which
 * moves its `fence` (a compare-and-set decided on the old shape is decided again). Only reviews that still have `votes` are read:
 * a run after a crash goes on where it stopped. Marked done last.
 */
export async function migrateToVoters(connection: Connection, log: (msg: string, data?: object) => void = () => undefined): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; reviews: number }>('migrations');
  if (await migrations.findOne({ _id: VOTERS_MIGRATION })) return;
  const reviews = connection.collection<OldVotes>('reviews');
  let moved = 0;
  for (let pass = 1; await reviews.findOne({ votes: { $exists: true } }, { projection: { _id: 1 } }); pass++) {
    log('moving votes to their indexed array…', { pass });
    moved += await movePass(connection, (seen) => log('moving votes to their indexed array…', { pass, seen, moved }));
  }
  await migrations.updateOne({ _id: VOTERS_MIGRATION }, { $set: { at: new Date(), reviews: moved } }, { upsert: true });
  log('votes moved to their indexed array', { reviews: moved });
}

/** One pass over the reviews that still have `votes`: how many were moved. */
async function movePass(connection: Connection, progress: (seen: number) => void): Promise<number> {
  const reviews = connection.collection<OldVotes>('reviews');
  let [seen, moved] = [0, 0];
  let batch: AnyBulkWriteOperation<OldVotes>[] = [];
  const flush = async () => {
    if (batch.length) moved += (await reviews.bulkWrite(batch, { ordered: false })).modifiedCount;
    batch = [];
  };
  const cursor = reviews.find({ votes: { $exists: true } }, { projection: { _id: 1, votes: 1 }, batchSize: SCAN_BATCH });
  for await (const doc of cursor) {
    if (++seen % PROGRESS_EVERY === 0) progress(seen);
    const update = { $set: { voters: votersFromText(doc.votes) }, $unset: { votes: '' }, $inc: { fence: 1 } };
    batch.push({ updateOne: { filter: { _id: doc._id, votes: doc.votes }, update: update as never } });
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return moved;
}
