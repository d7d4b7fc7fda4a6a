import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createProbeConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';

const MAX_ENTRIES = 5000;
const REDIS_TIMEOUT_MS = 250;

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
