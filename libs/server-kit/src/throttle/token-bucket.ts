import { createHash } from 'node:crypto';
import { type Redis } from 'ioredis';
import { type Rate } from './redis-rate-limiter';

/** One bucket a request draws from: `rate.limit` tokens at most (the burst), refilled at `rate.limit` per `rate.windowMs`. */
export interface BucketDraw {
  bucket: string;
  key: string;
  rate: Rate;
}

export interface BucketDecision {
  allowed: boolean;
  /** When refused: milliseconds until every bucket drawn from holds a token again. */
  retryAfterMs: number;
}

// Every bucket (a hash: tokens, at) is refilled to now (Redis's clock, the same for every replica),
// then one token is taken from each only if each has one: a refused request takes nothing. The key
// expires once the bucket would be full again. ARGV: per key, its capacity then its ms per token.
const DRAW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local levels = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 * i - 1])
  local per = tonumber(ARGV[2 * i])
  local b = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(b[1]) or capacity
  local at = tonumber(b[2]) or now
  tokens = math.min(capacity, tokens + math.max(0, now - at) / per)
  levels[i] = tokens
  if tokens < 1 then wait = math.max(wait, math.ceil((1 - tokens) * per)) end
end
local allowed = wait == 0 and 1 or 0
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 * i - 1])
  local per = tonumber(ARGV[2 * i])
  local tokens = levels[i] - allowed
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil((capacity - tokens) * per) + 1000)
end
return {allowed, wait}
`;

/**
 * Token buckets in Redis, shared by every replica: a request draws one token from each of its
 * buckets at once (an address's, an account's), or none when one is empty. Unlike a fixed window, a
 * burst is allowed (a page's reads) while the sustained rate stays bounded (no polling). Keys are
 * hashed (they hold addresses and account ids): `<prefix>:<bucket>:<sha256(key)>`.
 */
export class TokenBucketLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async draw(draws: BucketDraw[]): Promise<BucketDecision> {
    const keys = draws.map((d) => `${this.prefix}:${d.bucket}:${createHash('sha256').update(d.key).digest('base64url')}`);
    const args = draws.flatMap((d) => [String(d.rate.limit), String(msPerToken(d.rate))]);
    const [allowed, wait] = (await this.redis.eval(DRAW_SCRIPT, keys.length, ...keys, ...args)) as [number, number];
    return { allowed: allowed === 1, retryAfterMs: allowed === 1 ? 0 : Math.max(1, wait) };
  }
}

/** Milliseconds for one token to come back. */
export const msPerToken = (rate: Rate): number => rate.windowMs / rate.limit;

/** The rate a client can keep up forever, in requests per second. */
export const sustainedPerSecond = (rate: Rate): number => 1000 / msPerToken(rate);
