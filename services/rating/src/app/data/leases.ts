import { DependencyUnavailableError } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { serialize } from './serialize';

/** How long a lease lasts without renewal; it is renewed every third of that while its holder runs. */
export const LEASE_TTL_MS = 10_000;
/** How long a caller waits for a lease before giving up (503). */
export const LEASE_WAIT_MS = 8_000;

// KEYS[1] the lease, KEYS[2] the fence counter; ARGV[1] ttl ms. The token is the Redis clock in µs,
// kept above the last one handed out: it grows across holders, processes and a Redis that lost its
// data (the clock goes on where a counter would restart at 0).
const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('TIME')
local token = math.max(tonumber(t[1]) * 1000000 + tonumber(t[2]), tonumber(redis.call('GET', KEYS[2]) or '0') + 1)
redis.call('SET', KEYS[2], string.format('%.0f', token))
redis.call('SET', KEYS[1], string.format('%.0f', token), 'PX', ARGV[1])
return string.format('%.0f', token)`;
// Still held by this token: extend it (renewal, and the check right before each write).
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** The lease was lost (expired while its holder was paused, or taken over): nothing may be written. */
export class LeaseLostError extends DependencyUnavailableError {
  constructor(readonly key: string) {
    super('redis');
    this.message = `lease ${key} lost before the write`;
    this.name = 'LeaseLostError';
  }
}

/** A held lease: its fencing token, and the check a write makes just before it goes to the database. */
export interface Lease {
  readonly key: string;
  /** Grows with every acquisition of any lease; a document records the token of its last writer. */
  readonly token: number;
  /** Throws LeaseLostError unless this lease is still held (and extends it): call right before a write. */
  confirm(): Promise<void>;
}

/**
 * Leases on names (`review:12`, `user:abc`, `counter:reviews`) in Redis, so that one process at a
 * time changes a document: FerretDB 1.x does not isolate a read-modify-write, and only `_id`
 * filters are cheap there, so the serialization lives here rather than in conditional writes.
 * - Renewed every third of LEASE_TTL_MS while the holder runs.
 * - Fenced: each acquisition gets a larger token; the holder confirms it still holds the lease
 *   right before writing, and the document stores the token of its writer, so a holder that was
 *   paused past its lease (and whose document was written by a newer holder) writes nothing.
 * - Fails closed: Redis down or no lease within LEASE_WAIT_MS → DependencyUnavailableError (503),
 *   never the write without the lease.
 * Callers in one process queue locally first, so a hot document costs one Redis contender per process.
 */
export class Leases {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: { ttlMs?: number; waitMs?: number } = {},
  ) {}

  /** Runs `fn` holding the lease `name`; `waitMs` overrides how long to wait for it (a start-up migration waits long). */
  run<T>(name: string, fn: (lease: Lease) => Promise<T>, waitMs?: number): Promise<T> {
    return serialize(name, () => this.runHeld(name, fn, waitMs));
  }

  private async runHeld<T>(name: string, fn: (lease: Lease) => Promise<T>, waitMs?: number): Promise<T> {
    const key = `${this.prefix}:lease:${name}`;
    const ttl = this.options.ttlMs ?? LEASE_TTL_MS;
    const token = await this.acquire(key, ttl, waitMs ?? this.options.waitMs ?? LEASE_WAIT_MS);
    let lost = false;
    const renew = setInterval(() => {
      this.extend(key, token, ttl).then(
        (held) => (lost ||= !held),
        () => (lost = true),
      );
    }, ttl / 3);
    renew.unref();
    const lease: Lease = {
      key,
      token,
      confirm: async () => {
        if (lost || !(await this.extend(key, token, ttl).catch(() => false))) {
          lost = true;
          throw new LeaseLostError(name);
        }
      },
    };
    try {
      return await fn(lease);
    } finally {
      clearInterval(renew);
      await this.redis.eval(RELEASE, 1, key, String(token)).catch(() => undefined);
    }
  }

  private async acquire(key: string, ttl: number, waitMs: number): Promise<number> {
    const deadline = Date.now() + waitMs;
    let pause = 2;
    for (;;) {
      let token: unknown;
      try {
        token = await this.redis.eval(ACQUIRE, 2, key, `${this.prefix}:fence`, String(ttl));
      } catch (err) {
        throw new DependencyUnavailableError('redis', err);
      }
      if (token && token !== 0) return Number(token);
      if (Date.now() > deadline) throw new DependencyUnavailableError('redis', new Error(`no lease on ${key} within the wait`));
      await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause));
      pause = Math.min(pause * 2, 50);
    }
  }

  private async extend(key: string, token: number, ttl: number): Promise<boolean> {
    return (await this.redis.eval(EXTEND, 1, key, String(token), String(ttl))) === 1;
  }
}
