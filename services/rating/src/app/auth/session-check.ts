import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS_COMMANDS, sessionEnded } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type AuthUser } from './token-verifier';

/**
 * Before a write, the caller's session must still live: the auth service marks ended sessions and
 * bumps a user's session version in the shared Redis (ADR 0006); one MGET reads both. Redis down or
 * hung: the write goes on, checked by the token alone (its signature and its expiry, at most
 * ACCESS_TOKEN_TTL), and a warning is logged: votes, favourites, reports and reviews must not stop
 * with Redis (ADR 0011), and a session ended during the outage can write until its token expires.
 * Reads do not call this.
 */
@Injectable()
export class SessionCheck {
  private readonly logger = new Logger('SessionCheck');

  constructor(@Inject(REDIS_COMMANDS) private readonly redis: Redis) {}

  async ended(user: AuthUser): Promise<boolean> {
    try {
      return await sessionEnded(this.redis, { sub: user.id, sid: user.sessionId, sv: user.sessionVersion });
    } catch (err) {
      this.logger.warn({ msg: 'session not checked: Redis unavailable; the token alone is trusted', error: (err as Error).message });
      return false;
    }
  }
}
