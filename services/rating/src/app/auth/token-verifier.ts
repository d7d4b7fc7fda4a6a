import { type AccessTokenClaims, accessTokenClaimsSchema, JWT_ALGORITHM, type Role } from '@pupitre/contracts';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

export interface AuthUser {
  id: string;
  roles: Role[];
  /** The account's creation date when the token carries one (`date_joined`, `created_at` or `joined_at`). */
  joinedAt?: Date;
  /** `sid` and `sv`: the session the token belongs to and the user's session version (see SessionCheck). */
  sessionId?: string;
  sessionVersion?: number;
  /** The teacher record of a linked teacher's account (`teacher_id`, with the `teacher` role). */
  teacherId?: number;
}

export class InvalidTokenError extends Error {}

// Verifies access tokens against the auth service's JWKS (cached; refetched on an unknown `kid`, at most once per cooldown),
// algorithm pinned to ES256, claims checked against the contract.
export class TokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  /** `cooldownMs`: the least time between two fetches, e.g. on a stream of unknown `kid`s. Keys are trusted 10 minutes. */
  constructor(jwksUrl: string, cooldownMs = 30_000) {
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: 600_000, cooldownDuration: cooldownMs, timeoutDuration: 5000 });
  }

  async verify(token: string): Promise<AuthUser> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks, { algorithms: [JWT_ALGORITHM], clockTolerance: 5 }));
    } catch (err) {
      throw new InvalidTokenError(err instanceof Error ? err.message : String(err));
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError(`claims: ${claims.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    return toUser(claims.data, payload);
  }
}

function toUser(claims: AccessTokenClaims, payload: JWTPayload): AuthUser {
  const raw = payload.date_joined ?? payload.created_at ?? payload.joined_at;
  const joined = typeof raw === 'number' ? new Date(raw * 1000) : typeof raw === 'string' ? new Date(raw) : undefined;
  return {
    id: claims.sub,
    roles: claims.roles,
    joinedAt: joined && !Number.isNaN(joined.getTime()) ? joined : undefined,
    sessionId: claims.sid,
    sessionVersion: claims.sv,
    teacherId: claims.roles.includes('teacher') ? claims.teacher_id : undefined,
  };
}
