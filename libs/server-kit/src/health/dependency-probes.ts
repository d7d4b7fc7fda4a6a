import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type Redis } from 'ioredis';
import { type Connection } from 'mongoose';
import { createProbeConnection, pingRedis } from '../redis/redis-connection';

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');

export interface HealthOptions {
  service: 'auth' | 'rating';
  /** Public summary path, reachable through the gateway: `/auth/health`, `/api/health`; none for the worker. */
  summaryPath?: string;
  redisUrl: string;
  version?: string;
  /**
   * Dependencies the process serves without (degraded): it stays ready when they are down, so that
   * an orchestrator keeps routing the requests that do not need them (the others answer 503). A
   * Redis outage must not take every API replica out of its Service.
   */
  readyWithout?: DependencyName[];
}

export type DependencyName = 'database' | 'redis';
export type DependencyReport = Record<DependencyName, { up: boolean; error?: string }>;

/** Pings MongoDB and Redis, each with a short timeout, in parallel. */
@Injectable()
export class DependencyProbes implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    @Inject(getConnectionToken()) private readonly connection: Connection,
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
  ) {
    this.redis = createProbeConnection(options.redisUrl);
  }

  /** Whether the process is ready with `down` down (the dependencies it cannot serve without are up). */
  readyDespite(down: DependencyName[]): boolean {
    return down.every((name) => this.options.readyWithout?.includes(name));
  }

  async check(): Promise<DependencyReport> {
    const [database, redis] = await Promise.all([settle(this.pingDatabase()), settle(pingRedis(this.redis))]);
    return { database, redis };
  }

  /**
   * A ping even while the driver counts the server as away: the ping's server selection asks the
   * driver's monitor to look again now (every 500 ms) instead of at its next heartbeat (10 s), so a
   * database that came back is seen within a probe, not after several failed ones.
   */
  private async pingDatabase(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error('not connected');
    await withTimeout(db.command({ ping: 1 }), 1500);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

async function settle(check: Promise<void>): Promise<{ up: boolean; error?: string }> {
  try {
    await check;
    return { up: true };
  } catch (err) {
    return { up: false, error: err instanceof Error ? err.message : String(err) };
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
