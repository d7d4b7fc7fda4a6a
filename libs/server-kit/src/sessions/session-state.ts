import { isSessionRevoked, type SessionState, sessionRevokedKey, sessionStateOf, sessionVersionKey } from '@pupitre/contracts';
import { type Redis } from 'ioredis';

/** The claims of an access token that its session check reads (see `sessions.ts` in contracts). */
export interface SessionClaims {
  sub: string;
  sid?: string;
  sv?: number;
}

/**
 * Requests that change something: an access token is checked against its session's state in Redis
 * before them (ADR 0006). Reads stay stateless (signature and expiry only).
 */
export const isWriteMethod = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/** One MGET: the user's session version and, when the token names its session, that session's revocation mark. */
export async function readSessionState(redis: Redis, claims: Pick<SessionClaims, 'sub' | 'sid'>): Promise<SessionState> {
  const keys = claims.sid ? [sessionVersionKey(claims.sub), sessionRevokedKey(claims.sid)] : [sessionVersionKey(claims.sub)];
  const [version, revokedBy] = await redis.mget(...keys);
  return sessionStateOf([version, revokedBy ?? null]);
}

/** Whether the session of these claims has ended (logout, re-used refresh token, password reset, deletion). */
export async function sessionEnded(redis: Redis, claims: SessionClaims): Promise<boolean> {
  return isSessionRevoked(claims, await readSessionState(redis, claims));
}
