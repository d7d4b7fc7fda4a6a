import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createProbeConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { bumpGeneration, generationChannel, generationKey } from './generation';
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
 * moderation action or catalogue change increments it and announces the new one on a channel
 * (`bump`, from the API, the worker or the CLI), so every API process drops its entries at once.
 * A process follows the announcements on a subscriber connection, so a read costs no Redis round
 * trip; while it is not subscribed (starting, Redis lost) it asks Redis for the generation on each
 * read, and without Redis nothing is cached (answers stay correct, only slower). Concurrent misses
 * share one computation. Entries also expire at the next instant the data they were computed from
 * takes effect (`expireAt`: reviews validated ahead of their publication time).
 */
@Injectable()
export class PublicCache implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly key: string;
  private readonly prefix: string;
  private readonly entries = new Map<string, Entry>();
  /** The generation as followed through the channel (null: not subscribed, ask Redis). */
  private followed: number | null = null;
  /** The highest generation announced so far (announcements may overtake the first GET). */
  private announced = 0;
  /** The bump waiting for the one in flight to finish (joined by every bump asked meanwhile). */
  private nextBump?: Promise<void>;
  private bumpInFlight?: Promise<void>;
  /** The next instant something cached starts to show (a review validated ahead of its publication time): every entry goes then. */
  private revealAt = Number.POSITIVE_INFINITY;

  constructor(@Inject(APP_CONFIG) config: { REDIS_URL: string; QUEUE_PREFIX: string }) {
    this.prefix = config.QUEUE_PREFIX;
    // Locks and bumps come in bursts (a publication takes several): commands issued in the same tick share one write.
    this.redis = createProbeConnection(config.REDIS_URL, { enableAutoPipelining: true });
    this.key = generationKey(config.QUEUE_PREFIX);
    this.subscriber = createProbeConnection(config.REDIS_URL);
    this.subscriber.on('ready', () => void this.follow());
    this.subscriber.on('close', () => (this.followed = null));
    this.subscriber.on('message', (_channel: string, message: string) => {
      const generation = Number(message);
      if (!Number.isFinite(generation)) return;
      this.announced = Math.max(this.announced, generation);
      if (this.followed !== null) this.followed = Math.max(this.followed, generation);
    });
  }

  /** Subscribes, then reads the current generation (on every (re)connection of the subscriber). */
  private async follow(): Promise<void> {
    try {
      await this.subscriber.subscribe(generationChannel(this.prefix));
      const current = Number((await withTimeout(this.redis.get(this.key), REDIS_TIMEOUT_MS)) ?? 0);
      if (this.subscriber.status === 'ready') this.followed = Math.max(current, this.announced);
    } catch {
      this.followed = null; // ask Redis on each read until the next connection
    }
  }

  async generation(): Promise<string | null> {
    if (this.followed !== null) return String(this.followed);
    try {
      return (await withTimeout(this.redis.get(this.key), REDIS_TIMEOUT_MS)) ?? '0';
    } catch {
      return null;
    }
  }

  /**
   * Called by computations that saw data taking effect at `at` (ms): entries computed before then
   * are dropped at that instant, so what was validated ahead shows on time without a bump.
   */
  expireAt(at: number): void {
    if (at < this.revealAt) this.revealAt = at;
  }

  async memo<T>(name: string, compute: () => Promise<T>): Promise<T> {
    const gen = await this.generation();
    if (gen === null) return compute();
    if (Date.now() >= this.revealAt) {
      this.revealAt = Number.POSITIVE_INFINITY;
      this.entries.clear();
    }
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

  /**
   * Invalidates every process's entries. Resolves once a new generation was announced after the
   * call. Bumps asked while one is on its way share the next one (a burst of publications announces
   * a few generations, not one per review).
   */
  bump(): Promise<void> {
    this.entries.clear();
    this.nextBump ??= (this.bumpInFlight ?? Promise.resolve()).then(() => {
      this.nextBump = undefined;
      this.bumpInFlight = this.sendBump().finally(() => (this.bumpInFlight = undefined));
      return this.bumpInFlight;
    });
    return this.nextBump;
  }

  private async sendBump(): Promise<void> {
    this.entries.clear();
    try {
      const generation = await withTimeout(bumpGeneration(this.redis, this.prefix), 1000);
      if (this.followed !== null) this.followed = Math.max(this.followed, generation);
    } catch {
      // Redis down: other processes do not cache either (generation() is null for them).
    }
  }

  onApplicationShutdown(): void {
    this.subscriber.disconnect();
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
