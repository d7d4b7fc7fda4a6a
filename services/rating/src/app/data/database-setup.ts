import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Connection, Model } from 'mongoose';
import { catalogueChanged } from './catalogue-version';
import { type Counter } from './counter.schema';
import { pendingMigrations } from './migrations';

/** How long the start's announcement waits before trying again (doubling up to a minute) when the database does not answer. */
export const ANNOUNCE_RETRY_MS = 1000;

/**
 * At start, the process moves the catalogue's version (catalogue-version.ts): every process then reads its catalogue and its
 * lists again once. A process that stopped between a vote's write and the teacher's `rev` that follows it (a kill, a crash)
 * left lists stale that no `rev` will announce; its replacement's start does (public-lists.ts relies on it for its bounds).
 * Not awaited: a start never waits on the database for it; retried until it lands.
 *
 * The API and the worker never migrate (the migration Job does: src/migrate.ts, before the rollout) and never wait for it: at
 * start they only look whether the database is current, and say so loudly when it is not.
 */
@Injectable()
export class DatabaseSetup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DatabaseSetup');
  private stopped = false;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel('Counter') private readonly counters: Model<Counter>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.announceStart(ANNOUNCE_RETRY_MS);
    const pending = await pendingMigrations(this.connection);
    if (pending.length)
      this.logger.warn({
        msg: 'the database is behind this release: run the migration (dist/migrate.js, the rating-migrate Job)',
        pending,
      });
  }

  onModuleDestroy(): void {
    this.stopped = true;
  }

  private announceStart(wait: number): void {
    catalogueChanged(this.counters).catch(() => {
      if (!this.stopped) setTimeout(() => this.announceStart(Math.min(wait * 2, 60_000)), wait).unref();
    });
  }
}
