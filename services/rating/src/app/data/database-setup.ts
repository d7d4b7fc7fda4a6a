import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { DERIVED_KEYS_MIGRATION, migrateToDerivedKeys } from './derived-keys.migration';
import { Leases } from './leases';
import { migrateToSingleDocuments, SINGLE_DOCUMENT_MIGRATION } from './single-document.migration';

/** How long a starting process waits for another one's migration before giving up (it is restarted then). */
const MIGRATION_WAIT_MS = 15 * 60_000;

/** Before any request or job: bring a database written by an earlier version to the current documents, once. */
@Injectable()
export class DatabaseSetup implements OnModuleInit {
  private readonly logger = new Logger('DatabaseSetup');

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(Leases) private readonly leases: Leases,
  ) {}

  async onModuleInit(): Promise<void> {
    // Already done (the usual start): no lease needed, so a Redis outage does not stop the process.
    const done = await this.connection
      .collection<{ _id: string }>('migrations')
      .countDocuments({ _id: { $in: [DERIVED_KEYS_MIGRATION, SINGLE_DOCUMENT_MIGRATION] } });
    if (done === 2) return;
    const log = (msg: string, data?: object) => this.logger.log({ msg, ...data });
    // One process migrates (its lease renewed while it runs); the others wait, then find it done.
    await this.leases.run(
      'migration',
      async () => {
        await migrateToDerivedKeys(this.connection, log);
        await migrateToSingleDocuments(this.connection, log);
      },
      MIGRATION_WAIT_MS,
    );
  }
}
