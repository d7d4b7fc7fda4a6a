import { type Connection } from 'mongoose';
import { CLASS_CLAIMS_MIGRATION, migrateToClassClaims } from './class-claims.migration';
import { CLASS_GROUPS_MIGRATION, migrateToClassGroups } from './class-groups.migration';
import { DETACHED_AT_MIGRATION, migrateToDetachedAt } from './detached-at.migration';
import { INDEXED_READS_MIGRATION, migrateToIndexedReads } from './indexed-reads.migration';
import { withStartupLock } from './migration-lock';
import { migrateToReleaseKeys, RELEASE_KEYS_MIGRATION } from './release-keys.migration';
import { migrateToTeacherKey, TEACHER_KEY_MIGRATION } from './teacher-key.migration';
import { migrateToVoters, VOTERS_MIGRATION } from './voters.migration';

type Log = (msg: string, data?: object) => void;

/** Every migration, in the order they run; a database is current when `migrations` holds all their ids. */
const MIGRATIONS: [string, (connection: Connection, log: Log) => Promise<void>][] = [
  [INDEXED_READS_MIGRATION, migrateToIndexedReads],
  [CLASS_CLAIMS_MIGRATION, migrateToClassClaims],
  [RELEASE_KEYS_MIGRATION, migrateToReleaseKeys],
  [CLASS_GROUPS_MIGRATION, migrateToClassGroups],
  [TEACHER_KEY_MIGRATION, migrateToTeacherKey],
  [VOTERS_MIGRATION, migrateToVoters],
  [DETACHED_AT_MIGRATION, (connection, log) => migrateToDetachedAt(connection, log).then(() => undefined)],
];

/** How long a run waits for another one's (the seed's, a second Job's) before giving up. */
const MIGRATION_WAIT_MS = 15 * 60_000;

/** The migrations this database has not had yet (none: it is current). */
export async function pendingMigrations(connection: Connection): Promise<string[]> {
  const ids = MIGRATIONS.map(([id]) => id);
  const done = await connection
    .collection<{ _id: string }>('migrations')
    .find({ _id: { $in: ids } }, { projection: { _id: 1 } })
    .toArray();
  const applied = new Set(done.map((d) => d._id));
  return ids.filter((id) => !applied.has(id));
}

/**
 * Brings a database written by an earlier release to the current documents, once: run by the migration Job before a rollout
 * (src/migrate.ts), by `npm start` before the services, and by the seed. One run at a time (a lock document in `migrations`).
 */
export async function runMigrations(connection: Connection, log: Log = () => undefined): Promise<void> {
  await withStartupLock(
    connection.collection('migrations') as never,
    'migration-lock',
    async () => (await pendingMigrations(connection)).length === 0,
    async () => {
      for (const [, migrate] of MIGRATIONS) await migrate(connection, log);
    },
    MIGRATION_WAIT_MS,
  );
}
