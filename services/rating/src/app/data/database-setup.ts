import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { pendingMigrations } from './migrations';

/**
 * The API and the worker never migrate (the migration Job does: src/migrate.ts, before the rollout) and never wait for it: at
 * start they only look whether the database is current, and say so loudly when it is not.
 */
@Injectable()
export class DatabaseSetup implements OnApplicationBootstrap {
  private readonly logger = new Logger('DatabaseSetup');

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onApplicationBootstrap(): Promise<void> {
    const pending = await pendingMigrations(this.connection);
    if (pending.length)
      this.logger.warn({
        msg: 'the database is behind this release: run the migration (dist/migrate.js, the rating-migrate Job)',
        pending,
      });
  }
}
