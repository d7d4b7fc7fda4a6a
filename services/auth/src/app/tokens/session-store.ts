import { Inject, Injectable, Logger } from '@nestjs/common';
import { type SessionState, sessionRevokedKey, sessionStateOf, sessionVersionKey } from '@pupitre/contracts';
import { APP_CONFIG, DependencyUnavailableError, readSessionState, type SessionClaims, sessionEnded } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';
import { AUTH_REDIS } from '../shared/redis.provider';

/**
 * The short-lived side of sessions, in Redis (ADR 0006), where the rating service reads it too with
 * one MGET per write and every key expires on its own. A
 * revoked session is marked before its records are (`SET NX`, the first cause stays), a user's
 * session version only grows (`INCR`). Every other service reads the same keys
 * (`@pupitre/contracts` sessions.ts). Redis unreachable or hung: 503 with Retry-After
 * within a second, never a token that could not be checked.
 */
@Injectable()
export class SessionStore {
  private readonly logger = new Logger('SessionStore');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_REDIS) private readonly redis: Redis,
  ) {}

  /** Marks the session (refresh family) dead; the first cause recorded stays. Outlives its tokens. */
  async revokeSession(sessionId: string, cause: string): Promise<void> {
    const ttlMs = this.config.REFRESH_TOKEN_TTL + this.config.ACCESS_TOKEN_TTL;
    await this.run(() => this.redis.set(sessionRevokedKey(sessionId), cause, 'PX', ttlMs, 'NX'));
  }

  /** Ends every session of the user: tokens issued under an older version are dead. Returns the new version. */
  async bumpVersion(userId: string): Promise<number> {
    return this.run(() => this.redis.incr(sessionVersionKey(userId)));
  }

  /**
   * After an account is erased its id never comes back: the version only has to outlive its last
   * access token (refresh records are deleted with the account).
   */
  async bumpVersionOfErased(userId: string): Promise<void> {
    const key = sessionVersionKey(userId);
    await this.run(() =>
      this.redis
        .multi()
        .incr(key)
        .pexpire(key, this.config.ACCESS_TOKEN_TTL + 60_000)
        .exec(),
    );
  }

  async state(userId: string, sessionId: string): Promise<SessionState> {
    return this.run(() => readSessionState(this.redis, { sub: userId, sid: sessionId }));
  }

  /** The state of each of a user's sessions, in one MGET (the list of /settings). */
  async states(userId: string, sessionIds: string[]): Promise<SessionState[]> {
    if (!sessionIds.length) return [];
    const values = await this.run(() => this.redis.mget(sessionVersionKey(userId), ...sessionIds.map(sessionRevokedKey)));
    return sessionIds.map((_, i) => sessionStateOf([values[0], values[i + 1]]));
  }

  /** Whether the session of an access token has ended (checked before writes). */
  async ended(claims: SessionClaims): Promise<boolean> {
    return this.run(() => sessionEnded(this.redis, claims));
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      this.logger.error({ msg: 'session store (Redis) unavailable', error: (err as Error).message });
      throw new DependencyUnavailableError('redis', err); // 503 with Retry-After
    }
  }
}
