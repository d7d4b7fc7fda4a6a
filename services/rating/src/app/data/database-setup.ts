import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { detectDbTraits } from './db-traits';
import { migrateToDerivedKeys } from './derived-keys.migration';
import { copyVotesToUserIndex } from './user-votes.migration';

const MIGRATION_LEASE_MS = 15 * 60_000;

/** Before any request or job: learn what the database server isolates, and bring old data to the current keys. */
@Injectable()
export class DatabaseSetup implements OnModuleInit {
  private readonly logger = new Logger('DatabaseSetup');

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(PublicCache) private readonly cache: PublicCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await detectDbTraits(this.connection);
    // One process migrates (the others wait, then find it done); a long migration keeps the lease.
    const log = (msg: string, data?: object) => this.logger.log({ msg, ...data });
    await this.cache.lock('migration', async () => {
      await migrateToDerivedKeys(this.connection, log);
      await copyVotesToUserIndex(this.connection, log);
    }, {
      ttlMs: MIGRATION_LEASE_MS,
      waitMs: MIGRATION_LEASE_MS,
    });
  }
}
