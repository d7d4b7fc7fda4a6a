import { type Connection } from 'mongoose';
import { type ReviewDoc } from '../reviews/review';
import { ClassClaims } from './class-claims';
import { SCAN_BATCH } from './review-store';

export const CLASS_CLAIMS_MIGRATION = 'class-claims-v1';
/** The unique index the claims replace (author, teacher, subject, year). */
const UNIQUE_CLASS_INDEX = 'authorId_1_teacherId_1_subjectId_1_year_1';
const PROGRESS_EVERY = 50_000;

/**
 * Moves the one-review-per-class rule from the reviews' unique index to `review_claims`, once: every review's class is claimed
 * (those already claimed are left: it can run again after a crash), then the index is dropped, and it is marked done last.
 * Runs at start-up before any request (DatabaseSetup); processes of the previous release must be stopped, as for indexed reads.
 */
export async function migrateToClassClaims(
  connection: Connection,
  log: (msg: string, data?: object) => void = () => undefined,
): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; claimed: number }>('migrations');
  if (await migrations.findOne({ _id: CLASS_CLAIMS_MIGRATION })) return;
  const reviews = connection.collection<ReviewDoc>('reviews');
  const claims = new ClassClaims(connection.collection('review_claims') as never);
  const projection = { _id: 0, id: 1, authorId: 1, teacherId: 1, subjectId: 1, year: 1 };
  const claimed = await claims.claimAll(reviews.find({}, { projection, batchSize: SCAN_BATCH }) as never, 1000, (seen) => {
    if (seen % PROGRESS_EVERY === 0) log("claiming every review's class…", { seen });
  });
  await reviews.dropIndex(UNIQUE_CLASS_INDEX).catch((err: { code?: number; codeName?: string }) => {
    if (err.code !== 27 && err.codeName !== 'IndexNotFound' && err.codeName !== 'NamespaceNotFound') throw err;
  });
  await migrations.updateOne({ _id: CLASS_CLAIMS_MIGRATION }, { $set: { at: new Date(), claimed } }, { upsert: true });
  log("every review's class claimed", { claimed });
}
