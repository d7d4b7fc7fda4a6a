import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, ApiError, type Rate, RedisRateLimiter, retryAfterSeconds, securityEvent } from '@pupitre/server-kit';
import { type Response } from 'express';
import { type Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';
import { type AttemptDecision, LoginBackoff } from './login-backoff';
import { AUTH_REDIS } from './redis.provider';

export type ThrottleScope = 'login-ip' | 'signup-ip' | 'reset-ip' | 'resend-ip' | 'mail-activation' | 'mail-reset';

/**
 * Throttling shared by every replica (counters in Redis): fixed windows per client address, and
 * login failures per (e-mail, address) with a growing delay (LoginBackoff). A refused request is a
 * 429 with `Retry-After` and `{"error": "too-many-requests", "detail": "Request was throttled. Expected available in N seconds."}`.
 * If Redis cannot be reached the request goes through (logged): availability over strictness.
 */
@Injectable()
export class ThrottleService {
  private readonly limiter: RedisRateLimiter;
  private readonly backoff: LoginBackoff;
  private readonly logger = new Logger('Throttle');
  private readonly rates: Record<ThrottleScope, Rate>;

  constructor(@Inject(APP_CONFIG) config: AuthConfig, @Inject(AUTH_REDIS) redis: Redis) {
    this.limiter = new RedisRateLimiter(redis, config.THROTTLE_PREFIX);
    this.backoff = new LoginBackoff(redis, config.THROTTLE_PREFIX, {
      freeAttempts: config.THROTTLE_LOGIN_FAILURES,
      baseDelayMs: config.THROTTLE_LOGIN_DELAY,
      maxDelayMs: config.THROTTLE_LOGIN_MAX_DELAY,
    });
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
      try {
        const decision = await this.limiter.hit(scope, key, this.rates[scope]);
        if (!decision.allowed) worst = Math.max(worst, retryAfterSeconds(decision));
      } catch (err) {
        this.logger.warn({ msg: 'throttling skipped: Redis unavailable', scope, error: (err as Error).message });
      }
    }
    if (worst > 0) throttled(res, worst);
  }

  /** Counts one hit for (scope, key) and says whether it is within the limit; nothing is thrown. */
  async allows(scope: ThrottleScope, key: string): Promise<boolean> {
    try {
      return (await this.limiter.hit(scope, key.trim().toLowerCase(), this.rates[scope])).allowed;
    } catch (err) {
      this.logger.warn({ msg: 'throttling skipped: Redis unavailable', scope, error: (err as Error).message });
      return true;
    }
  }

  /** A login attempt for `email` from `ip`: 429 while that pair's delay runs (see LoginBackoff). */
  async loginAttempt(res: Response, email: string, ip: string): Promise<void> {
    let decision: AttemptDecision = { allowed: true };
    try {
      decision = await this.backoff.attempt(email, ip);
    } catch (err) {
      this.logger.warn({ msg: 'login back-off skipped: Redis unavailable', error: (err as Error).message });
    }
    if (!decision.allowed) throttled(res, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  }

  /** The right password: that pair's failures are forgotten. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    await this.backoff
      .succeeded(email, ip)
      .catch((err: Error) => this.logger.warn({ msg: 'login back-off not reset: Redis unavailable', error: err.message }));
  }
}

function throttled(res: Response, seconds: number): never {
  securityEvent('throttled', { retryAfter: seconds });
  res.setHeader('Retry-After', String(seconds));
  throw new ApiError(429, { error: 'too-many-requests', detail: `Request was throttled. Expected available in ${seconds} seconds.` });
}

export { clientIp } from '@pupitre/server-kit';
