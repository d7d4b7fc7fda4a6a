import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, ApiError, createCommandConnection, sessionEnded } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type RatingConfig } from '../../config/rating-config';
import { type AuthUser } from './token-verifier';

/**
 * Before a write, the caller's session must still live: the auth service marks ended sessions and
 * bumps a user's session version in the shared Redis (ADR 0006); one MGET reads both. Redis down:
 * 503, a write is never let through unchecked. Reads do not call this.
 */
@Injectable()
export class SessionCheck implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionCheck');
  private readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) config: Pick<RatingConfig, 'REDIS_URL'>) {
    this.redis = createCommandConnection(config.REDIS_URL, (err) =>
      this.logger.debug?.({ msg: 'redis connection error', error: err.message }),
    );
  }

  async ended(user: AuthUser): Promise<boolean> {
    try {
      return await sessionEnded(this.redis, { sub: user.id, sid: user.sessionId, sv: user.sessionVersion });
    } catch (err) {
      this.logger.error({ msg: 'session check failed: Redis unavailable', error: (err as Error).message });
      throw ApiError.of(503, 'unavailable', 'Sessions cannot be checked right now; try again shortly.');
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
