import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { ensureIndexes } from './ensure-indexes';

/**
 * Start-up waits until every model's declared indexes exist: a unique key that is not there yet
 * lets the first concurrent writes through (two sign-ups of one e-mail on a new database). The
 * service is ready only after this.
 */
@Injectable()
export class IndexesReady implements OnApplicationBootstrap {
  private readonly logger = new Logger('Database');

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    const models = Object.values(this.connection.models);
    await ensureIndexes(models);
    this.logger.debug({ msg: 'indexes in place', models: models.length, ms: Date.now() - started });
  }
}
