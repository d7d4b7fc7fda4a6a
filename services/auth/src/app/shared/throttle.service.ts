import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, ApiError, type Rate, RedisRateLimiter, retryAfterSeconds, securityEvent } from '@pupitre/server-kit';
import { type Response } from 'express';
import { type Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';
import { createHash } from 'node:crypto';
import { AccountGuessCap } from './account-guess-cap';
import { type AttemptDecision, type BackoffPolicy, LoginBackoff } from './login-backoff';
import { MemoryLimits } from './memory-limits';
import { AUTH_REDIS } from './redis.provider';

export type ThrottleScope = 'login-ip' | 'signup-ip' | 'reset-ip' | 'resend-ip' | 'mail-activation' | 'mail-reset';

/**
 * Throttling shared by every replica (counters in Redis): fixed windows per client address; sign-in
 * attempts per (e-mail, address) with a growing delay (LoginBackoff) and per account from addresses
 * it has not signed in from lately (AccountGuessCap). A refused request is a 429 with `Retry-After`
 * and `{"error": "too-many-requests", "detail": "Request was throttled. Expected available in N seconds."}`.
 * If Redis cannot be reached, the same limits are counted in this process (MemoryLimits, bounded):
 * less strict across replicas, never none.
 */
@Injectable()
export class ThrottleService {
  private readonly limiter: RedisRateLimiter;
  private readonly backoff: LoginBackoff;
  private readonly accountCap: AccountGuessCap;
  private readonly memory = new MemoryLimits();
  private readonly logger = new Logger('Throttle');
  private readonly rates: Record<ThrottleScope, Rate>;
  private readonly policy: BackoffPolicy;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_REDIS) redis: Redis,
  ) {
    this.limiter = new RedisRateLimiter(redis, config.THROTTLE_PREFIX);
    this.policy = {
      freeAttempts: config.THROTTLE_LOGIN_FAILURES,
      baseDelayMs: config.THROTTLE_LOGIN_DELAY,
      maxDelayMs: config.THROTTLE_LOGIN_MAX_DELAY,
    };
    this.backoff = new LoginBackoff(redis, config.THROTTLE_PREFIX, this.policy);
    this.accountCap = new AccountGuessCap(redis, config.THROTTLE_PREFIX, config.THROTTLE_LOGIN_ACCOUNT);
    this.rates = {
      'login-ip': config.THROTTLE_LOGIN_IP,
      'signup-ip': config.THROTTLE_SIGNUP_IP,
      'reset-ip': config.THROTTLE_RESET_IP,
      'resend-ip': config.THROTTLE_RESEND_IP,
      'mail-activation': config.THROTTLE_MAIL_RECIPIENT,
      'mail-reset': config.THROTTLE_MAIL_RECIPIENT,
    };
  }

  /** Counts one hit for each (scope, key); throws the 429 when any is over its limit. */
  async consume(res: Response, hits: Array<[ThrottleScope, string]>): Promise<void> {
    let worst = 0;
    for (const [scope, key] of hits) {
      let decision: { allowed: boolean; retryAfterMs: number };
      try {
        decision = await this.limiter.hit(scope, key, this.rates[scope]);
      } catch (err) {
        this.redisDown(scope, err);
        decision = this.memory.hit(`${scope}:${digest(key)}`, this.rates[scope]);
      }
      if (!decision.allowed) worst = Math.max(worst, retryAfterSeconds({ allowed: false, count: 0, retryAfterMs: decision.retryAfterMs }));
    }
    if (worst > 0) throttled(res, worst);
  }

  /** Counts one hit for (scope, key) and says whether it is within the limit; nothing is thrown. */
  async allows(scope: ThrottleScope, key: string): Promise<boolean> {
    const normalized = key.trim().toLowerCase();
    try {
      return (await this.limiter.hit(scope, normalized, this.rates[scope])).allowed;
    } catch (err) {
      this.redisDown(scope, err);
      return this.memory.hit(`${scope}:${digest(normalized)}`, this.rates[scope]).allowed;
    }
  }

  /**
   * A sign-in attempt for `email` from `ip`: 429 while that pair's delay runs (LoginBackoff), or while
   * the account's attempts from unknown addresses are used up (AccountGuessCap).
   */
  async loginAttempt(res: Response, email: string, ip: string): Promise<void> {
    let decisions: AttemptDecision[];
    try {
      decisions = [await this.backoff.attempt(email, ip), await this.accountCap.attempt(email, ip)];
    } catch (err) {
      this.redisDown('login', err);
      const account = digest(email.trim().toLowerCase());
      decisions = [
        this.memory.attempt(`login-pair:${digest(`${account}\n${ip}`)}`, this.policy),
        this.memory.hit(`login-account:${account}`, this.config.THROTTLE_LOGIN_ACCOUNT),
      ];
    }
    const waits = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterMs]));
    if (waits.length) throttled(res, Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
  }

  /** The right password: that pair's failures are forgotten, and the address is known to the account. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    this.memory.forget(`login-pair:${digest(`${digest(email.trim().toLowerCase())}\n${ip}`)}`);
    await Promise.all([this.backoff.succeeded(email, ip), this.accountCap.succeeded(email, ip)]).catch((err: Error) =>
      this.logger.warn({ msg: 'login back-off not reset: Redis unavailable', error: err.message }),
    );
  }

  private redisDown(scope: string, err: unknown): void {
    this.logger.warn({ msg: 'throttling in this process only: Redis unavailable', scope, error: (err as Error).message });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

function throttled(res: Response, seconds: number): never {
  securityEvent('throttled', { retryAfter: seconds });
  res.setHeader('Retry-After', String(seconds));
  throw new ApiError(429, { error: 'too-many-requests', detail: `Request was throttled. Expected available in ${seconds} seconds.` });
}

export { clientIp } from '@pupitre/server-kit';
