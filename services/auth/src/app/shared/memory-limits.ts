import { type Rate } from '@pupitre/server-kit';
import { type AttemptDecision, type BackoffPolicy } from './login-backoff';

/** Keys remembered at most: a flood of new addresses evicts the oldest, memory stays bounded (about 1 MB). */
export const MEMORY_LIMIT_KEYS = 10_000;

type Entry = { count: number; windowEnds: number; blockedUntil: number; lastAt: number };

/**
 * What the sign-in throttles fall back to while Redis is down or hung: the same limits, counted in
 * this process only (each replica lets through at most its own share), in a map of at most
 * MEMORY_LIMIT_KEYS entries, oldest first out. Less strict than Redis's shared counters, never none.
 */
export class MemoryLimits {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxKeys = MEMORY_LIMIT_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fixed window of `rate`: allowed, or the milliseconds until the window ends. */
  hit(key: string, rate: Rate): { allowed: boolean; retryAfterMs: number } {
    const now = this.now();
    const entry = this.entry(key, now);
    if (now >= entry.windowEnds) Object.assign(entry, { count: 0, windowEnds: now + rate.windowMs });
    entry.count += 1;
    return entry.count <= rate.limit ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: entry.windowEnds - now };
  }

  /** LoginBackoff's rule for a pair: free attempts, then a doubling delay up to the cap. */
  attempt(key: string, policy: BackoffPolicy): AttemptDecision {
    const now = this.now();
    const entry = this.entry(key, now);
    if (entry.blockedUntil > now) return { allowed: false, retryAfterMs: entry.blockedUntil - now };
    if (now - entry.lastAt > policy.maxDelayMs * 2) entry.count = 0; // forgotten, as the Redis keys expire
    entry.count += 1;
    entry.lastAt = now;
    if (entry.count >= policy.freeAttempts)
      entry.blockedUntil = now + Math.min(policy.baseDelayMs * 2 ** Math.min(entry.count - policy.freeAttempts, 40), policy.maxDelayMs);
    return { allowed: true };
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private entry(key: string, now: number): Entry {
    let entry = this.entries.get(key);
    if (entry)
      this.entries.delete(key); // re-inserted last: the map's order is the order of use
    else entry = { count: 0, windowEnds: 0, blockedUntil: 0, lastAt: now };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }
}
