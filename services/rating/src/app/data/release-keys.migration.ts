import { type Connection } from 'mongoose';
import { rewriteDerivedFields } from './indexed-reads.migration';

export const RELEASE_KEYS_MIGRATION = 'release-keys-v1';

/**
 * The lists' keys of the releases (reviews/list-keys.ts): by the month a review was first public, then a shuffle, no longer
 * by the millisecond it was written. Once, after the earlier migrations; can run again after a crash, marked done last.
 */
export async function migrateToReleaseKeys(connection: Connection, log: (msg: string, data?: object) => void = () => undefined) {
  const migrations = connection.collection<{ _id: string; at: Date; reviews: number }>('migrations');
  if (await migrations.findOne({ _id: RELEASE_KEYS_MIGRATION })) return;
  const { updated } = await rewriteDerivedFields(connection, 'ordering the lists by release month, no longer by time…', log);
  await migrations.updateOne({ _id: RELEASE_KEYS_MIGRATION }, { $set: { at: new Date(), reviews: updated } }, { upsert: true });
  log('lists ordered by release month', { reviews: updated });
}
