import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { CLASS_CLAIMS_MIGRATION, migrateToClassClaims } from './class-claims.migration';
import { INDEXED_READS_MIGRATION, migrateToIndexedReads } from './indexed-reads.migration';
import { withStartupLock } from './migration-lock';
import { migrateToReleaseKeys, RELEASE_KEYS_MIGRATION } from './release-keys.migration';
import { CLASS_GROUPS_MIGRATION, migrateToClassGroups } from './class-groups.migration';

/** How long a starting process waits for another one's migration before giving up (it is restarted then). */
const MIGRATION_WAIT_MS = 15 * 60_000;

/** Before any request or job: bring a database written by the previous release to the current documents, once. */
@Injectable()
export class DatabaseSetup implements OnModuleInit {
  private readonly logger = new Logger('DatabaseSetup');

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    const migrations = this.connection.collection<{ _id: string }>('migrations');
    const all = [INDEXED_READS_MIGRATION, CLASS_CLAIMS_MIGRATION, RELEASE_KEYS_MIGRATION, CLASS_GROUPS_MIGRATION];
    const done = async () => (await migrations.countDocuments({ _id: { $in: all } })) === all.length;
    const log = (msg: string, data?: object) => this.logger.log({ msg, ...data });
    // One process migrates (a lock document in `migrations`); the others wait, then find it done.
    await withStartupLock(
      migrations as never,
      'migration-lock',
      done,
      async () => {
        await migrateToIndexedReads(this.connection, log);
        await migrateToClassClaims(this.connection, log);
        await migrateToReleaseKeys(this.connection, log);
        await migrateToClassGroups(this.connection, log);
      },
      MIGRATION_WAIT_MS,
    );
  }
}
