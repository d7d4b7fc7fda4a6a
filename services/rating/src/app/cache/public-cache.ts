import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createProbeConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { localLock, type LockOptions } from './lock';

const MAX_ENTRIES = 5000;
const REDIS_TIMEOUT_MS = 250;
const LOCK_TTL_MS = 10_000;
const LOCK_WAIT_MS = 10_000;
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

interface Entry {
  gen: string;
  value: Promise<unknown>;
}

/**
 * The read cache of the public endpoints (community, teacher reviews, ranking, catalogue). Entries
 * live in this process's memory, tagged with a generation number kept in Redis: every publish, vote,
 * moderation action or catalogue change increments it (`bump`, from the API or the worker), so every
 * API process drops its entries at once. A read costs one Redis GET; concurrent misses share one
 * computation. Without Redis nothing is cached (answers stay correct, only slower).
 */
@Injectable()
export class PublicCache implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly key: string;
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(APP_CONFIG) config: { REDIS_URL: string; QUEUE_PREFIX: string }) {
    this.redis = createProbeConnection(config.REDIS_URL);
    this.key = `${config.QUEUE_PREFIX}:rating:cache-generation`;
  }

  async generation(): Promise<string | null> {
    try {
      return (await withTimeout(this.redis.get(this.key), REDIS_TIMEOUT_MS)) ?? '0';
    } catch {
      return null;
    }
  }

  async memo<T>(name: string, compute: () => Promise<T>): Promise<T> {
    const gen = await this.generation();
    if (gen === null) return compute();
    const hit = this.entries.get(name);
    if (hit && hit.gen === gen) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = compute();
    const entry = { gen, value };
    this.entries.set(name, entry);
    value.catch(() => {
      if (this.entries.get(name) === entry) this.entries.delete(name);
    });
    return value;
  }

  /**
   * Runs `fn` while holding the lock `name`: in this process (a promise chain) and across processes
   * (Redis `SET NX PX`, released by token). FerretDB 1.x applies conditional updates and
   * findAndModify without isolation, so read-modify-write sequences on one document are serialized
   * here. Redis down: the local lock only.
   */
  lock<T>(name: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    return localLock(name, async () => {
      const key = `${this.key}:lock:${name}`;
      const token = randomUUID();
      let held = false;
      const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
      while (Date.now() < deadline) {
        try {
          held = (await withTimeout(this.redis.set(key, token, 'PX', options.ttlMs ?? LOCK_TTL_MS, 'NX'), REDIS_TIMEOUT_MS)) === 'OK';
        } catch {
          break; // Redis down
        }
        if (held) break;
        await new Promise((r) => setTimeout(r, 3 + Math.random() * 7));
      }
      try {
        return await fn();
      } finally {
        if (held) await withTimeout(this.redis.eval(UNLOCK, 1, key, token), 1000).catch(() => undefined);
      }
    });
  }

  /** Invalidates every process's entries. */
  async bump(): Promise<void> {
    this.entries.clear();
    try {
      await withTimeout(this.redis.incr(this.key), 1000);
    } catch {
      // Redis down: other processes do not cache either (generation() is null for them).
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
