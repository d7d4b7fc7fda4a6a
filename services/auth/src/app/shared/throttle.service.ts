import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, ApiError, type Rate, RedisRateLimiter, retryAfterSeconds } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';
import { AUTH_REDIS } from './redis.provider';

export type ThrottleScope = 'login-ip' | 'login-email' | 'signup-ip' | 'reset-ip' | 'resend-ip';

/**
 * Throttling shared by every replica (counters in Redis). A refused request is a 429 with
 * `Retry-After` and `{"error": "too-many-requests", "detail": "Request was throttled. Expected available in N seconds."}`.
 * If Redis cannot be reached the request goes through (logged): availability over strictness.
 */
@Injectable()
export class ThrottleService {
  private readonly limiter: RedisRateLimiter;
  private readonly logger = new Logger('Throttle');
  private readonly rates: Record<ThrottleScope, Rate>;

  constructor(
    @Inject(APP_CONFIG) config: AuthConfig,
    @Inject(AUTH_REDIS) redis: Redis,
  ) {
    this.limiter = new RedisRateLimiter(redis, config.THROTTLE_PREFIX);
    this.rates = {
      'login-ip': config.THROTTLE_LOGIN_IP,
      'login-email': config.THROTTLE_LOGIN_EMAIL,
      'signup-ip': config.THROTTLE_SIGNUP_IP,
      'reset-ip': config.THROTTLE_RESET_IP,
      'resend-ip': config.THROTTLE_RESEND_IP,
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
    if (worst > 0) {
      res.setHeader('Retry-After', String(worst));
      throw new ApiError(429, { error: 'too-many-requests', detail: `Request was throttled. Expected available in ${worst} seconds.` });
    }
  }
}

/** The client's address: the socket's, or X-Forwarded-For's as far as TRUST_PROXY allows (express `req.ip`). */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
