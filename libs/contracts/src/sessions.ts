/**
 * Revocation state of sessions, kept in the Redis that every service shares (ADR 0006). The auth
 * service writes it; any service checks it with one MGET before a write made with an access token.
 *
 * - A **session** is one refresh-token family (one login). Access tokens carry its id in `sid`.
 *   When it ends (logout, a re-used refresh token, an inactive account) the auth service sets
 *   `sessionRevokedKey(sid)` (value: the cause), for as long as any token of it may live.
 * - The **session version** of a user is an integer, absent = 0. The auth service increments it when
 *   every session of the user must end (password reset, account deletion, Google taking over a
 *   never-activated account). Access tokens carry the version they were issued under in `sv`.
 */
export const sessionRevokedKey = (sessionId: string): string => `auth:session-revoked:${sessionId}`;
export const sessionVersionKey = (userId: string): string => `auth:session-version:${userId}`;

/** The two values read for a token (`MGET sessionVersionKey(sub) sessionRevokedKey(sid)`). */
export interface SessionState {
  /** The user's current session version (0 when unset). */
  version: number;
  /** Why the session was revoked, or null while it lives. */
  revokedBy: string | null;
}

/** Parses the MGET answer of `[sessionVersionKey, sessionRevokedKey]`. */
export function sessionStateOf([version, revokedBy]: Array<string | null>): SessionState {
  const n = Number(version ?? 0);
  return { version: Number.isSafeInteger(n) && n > 0 ? n : 0, revokedBy: revokedBy ?? null };
}

/** Whether a token issued under `sv` for session `sid` is dead given the current state. */
export function isSessionRevoked(claims: { sv?: number; sid?: string }, state: SessionState): boolean {
  return (claims.sid !== undefined && state.revokedBy !== null) || (claims.sv ?? 0) < state.version;
}
