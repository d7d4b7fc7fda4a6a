import { type Rate, TokenBucketLimiter } from '@pupitre/server-kit';
import { createHash } from 'node:crypto';
import { type Redis } from 'ioredis';
import { type AttemptDecision } from './login-backoff';

/** How long an address the owner signed in from stays known to the account. */
export const KNOWN_ADDRESS_DAYS = 30;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Sign-in attempts on one account from every address it has not signed in from lately, together: a
 * token bucket (THROTTLE_LOGIN_ACCOUNT, e.g. a burst of 20, then one every 3 minutes), so guessing
 * from many addresses slows down to that pace. It never locks the owner out (ADR 0007): from an
 * address they signed in from in the last KNOWN_ADDRESS_DAYS the cap does not apply, and from a new
 * one they wait minutes at most. Keys hold hashes, never the e-mail or the address.
 */
export class AccountGuessCap {
  private readonly buckets: TokenBucketLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly rate: Rate,
  ) {
    this.buckets = new TokenBucketLimiter(redis, prefix);
  }

  async attempt(email: string, ip: string): Promise<AttemptDecision> {
    const account = hash(email.trim().toLowerCase());
    if (await this.redis.sismember(this.knownKey(account), hash(ip))) return { allowed: true };
    const decision = await this.buckets.draw([{ bucket: 'login-account', key: account, rate: this.rate }]);
    return decision.allowed ? { allowed: true } : { allowed: false, retryAfterMs: decision.retryAfterMs };
  }

  /** The owner signed in from `ip`: known from now on, for KNOWN_ADDRESS_DAYS. */
  async succeeded(email: string, ip: string): Promise<void> {
    const key = this.knownKey(hash(email.trim().toLowerCase()));
    await this.redis
      .multi()
      .sadd(key, hash(ip))
      .pexpire(key, KNOWN_ADDRESS_DAYS * 86_400_000)
      .exec();
  }

  private knownKey(account: string): string {
    return `${this.prefix}:login-known:${account}`;
  }
}
