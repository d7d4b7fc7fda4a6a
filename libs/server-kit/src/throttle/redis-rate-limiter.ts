import { createHash } from 'node:crypto';
import { type Redis } from 'ioredis';
import { z } from 'zod';
import { parseDuration } from '../config/duration';

/** At most `limit` hits per `windowMs`. */
export interface Rate {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** When refused: milliseconds until the window ends. */
  retryAfterMs: number;
}

// INCR the window's counter, start its expiry on the first hit; answer the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/**
 * Fixed-window rate limiting stored in Redis, so every replica shares the counters. Keys are hashed
 * (they may hold e-mail addresses or IPs): `<prefix>:<bucket>:<sha256(key)>`.
 */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'throttle',
  ) {}

  async hit(bucket: string, key: string, rate: Rate): Promise<RateDecision> {
    const digest = createHash('sha256').update(key).digest('base64url');
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}:${bucket}:${digest}`, String(rate.windowMs))) as [
      number,
      number,
    ];
    const allowed = count <= rate.limit;
    return { allowed, count, retryAfterMs: allowed ? 0 : Math.max(ttl, 1) };
  }
}

/** `Retry-After` header value (whole seconds, at least 1) for a refused decision. */
export function retryAfterSeconds(decision: RateDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

/** A configuration field holding a rate, written `limit/window`: `10/1m`, `5/30s`, `100/1h`. */
export const rateField = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx): Rate => {
      const match = /^(\d+)\s*\/\s*(.+)$/.exec(v);
      const windowMs = match ? parseDuration(match[2]) : undefined;
      if (!match || Number(match[1]) < 1 || !windowMs) {
        ctx.addIssue({ code: 'custom', message: 'expected a rate like 10/1m (at most 10 per minute) or 5/30s' });
        return z.NEVER;
      }
      return { limit: Number(match[1]), windowMs };
    });
