import { createHash } from 'node:crypto';
import { type Redis } from 'ioredis';

/** How login failures of one (e-mail, client address) pair slow it down. */
export interface BackoffPolicy {
  /** Attempts allowed before any delay. */
  freeAttempts: number;
  /** Delay after the last free attempt; it doubles with every further attempt... */
  baseDelayMs: number;
  /** ...up to this. Failures are forgotten this long after the last delay ends, or at a success. */
  maxDelayMs: number;
}

// KEYS: attempts counter, block marker. ARGV: free attempts, base delay, max delay (ms).
// Refused while the block marker lives. Otherwise the attempt is counted BEFORE the password is
// checked (parallel guesses cannot slip in between), and attempt n >= free blocks the next one for
// min(base * 2^(n - free), max); a success deletes both keys.
const ATTEMPT_SCRIPT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return {0, blocked} end
local n = redis.call('INCR', KEYS[1])
local free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local delay = 0
if n >= free then
  delay = math.floor(math.min(base * 2 ^ math.min(n - free, 40), max))
  redis.call('SET', KEYS[2], '1', 'PX', math.max(delay, 1))
end
redis.call('PEXPIRE', KEYS[1], delay + max)
return {1, n}
`;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Login failures counted per (e-mail, client address), in Redis: a few free attempts, then an
 * exponential delay, capped. Someone guessing from many addresses never blocks the owner, who signs
 * in from their own; the per-address limit (THROTTLE_LOGIN_IP) bounds guessing from one address
 * across accounts. Keys hold a hash of the pair, never the e-mail.
 */
export class LoginBackoff {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: BackoffPolicy,
  ) {}

  async attempt(email: string, ip: string): Promise<AttemptDecision> {
    const [counter, block] = this.keys(email, ip);
    const { freeAttempts, baseDelayMs, maxDelayMs } = this.policy;
    const [allowed, value] = (await this.redis.eval(
      ATTEMPT_SCRIPT,
      2,
      counter,
      block,
      String(freeAttempts),
      String(baseDelayMs),
      String(maxDelayMs),
    )) as [number, number];
    return allowed ? { allowed: true } : { allowed: false, retryAfterMs: value };
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis.del(...this.keys(email, ip));
  }

  private keys(email: string, ip: string): [string, string] {
    const digest = createHash('sha256').update(`${email.trim().toLowerCase()}\n${ip}`).digest('base64url');
    return [`${this.prefix}:login-attempts:${digest}`, `${this.prefix}:login-delay:${digest}`];
  }
}
