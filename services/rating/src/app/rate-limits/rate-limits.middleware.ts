import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import { APP_CONFIG, ApiError, clientIp, REDIS_COMMANDS, securityEvent, TokenBucketLimiter, withRedisTimeout } from '@pupitre/server-kit';
import { type NextFunction, type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { type RatingConfig } from '../../config/rating-config';
import { TokenVerifier } from '../auth/token-verifier';

/** The probes and the metrics: the orchestrator's, never limited. */
const UNLIMITED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Every request of the rating API, reads included, draws a token from its client address's bucket
 * and, signed in, from its account's: a burst covers a page's reads, the sustained rate stays under
 * one a second, so polling is refused (429, Retry-After) whether from one address with many accounts
 * or one account from many addresses (docs/threat-model.md). Redis down or hung: the request goes on
 * unlimited after at most a second (logged), never a hang.
 */
@Injectable()
export class RateLimits implements NestMiddleware {
  private readonly logger = new Logger('RateLimits');
  private readonly limiter: TokenBucketLimiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(REDIS_COMMANDS) redis: Redis,
  ) {
    this.limiter = new TokenBucketLimiter(redis, `${config.QUEUE_PREFIX}:rate`);
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (UNLIMITED.has(req.path)) return next();
    const draws = [{ bucket: 'address', key: clientIp(req), rate: this.config.RATE_LIMIT_ADDRESS }];
    const account = await this.accountOf(req);
    if (account) draws.push({ bucket: 'account', key: account, rate: this.config.RATE_LIMIT_ACCOUNT });
    let decision;
    try {
      decision = await withRedisTimeout(this.limiter.draw(draws));
    } catch (err) {
      this.logger.warn({ msg: 'rate limits skipped: Redis unavailable', error: (err as Error).message });
      return next();
    }
    if (decision.allowed) return next();
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    // A security decision, logged without the address or the path (which may name a review).
    securityEvent('throttled', { account: account ?? null, scope: 'rating-api', method: req.method, retryAfter: seconds });
    res.setHeader('Retry-After', String(seconds));
    next(new ApiError(429, { error: 'too-many-requests', detail: `Request was throttled. Expected available in ${seconds} seconds.` }));
  }

  /** The account of a valid bearer token (verified locally, cached), or none. */
  private async accountOf(req: Request): Promise<string | undefined> {
    const [scheme, token, ...rest] = req.headers.authorization?.trim().split(/\s+/) ?? [];
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length) return undefined;
    return this.verifier.verify(token).then(
      (user) => user.id,
      () => undefined,
    );
  }
}
