import {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  hasSecondFactor,
  JWT_ALGORITHM,
  JWT_ISSUER,
  type Role,
  TOKEN_AUDIENCES,
} from '@pupitre/contracts';
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
  /** The session was opened with the second factor (`amr`): required of the staff endpoints. */
  secondFactor?: boolean;
}

export class InvalidTokenError extends Error {}

/** Seconds a token is still accepted after its `exp` (clocks differ between services). */
const CLOCK_TOLERANCE_S = 5;
/** Tokens remembered as verified (a few hundred bytes each). */
const VERIFIED_MAX = 5_000;

// Verifies access tokens against the auth service's JWKS (cached; refetched on an unknown `kid`, at most once per cooldown),
// algorithm pinned to ES256, claims checked against the contract. A token once verified is remembered until it expires (at
// most ACCESS_TOKEN_TTL, 15 min): its ES256 check was a fifth of a vote's CPU in the API. Like the key set cached for 10
// minutes, a key withdrawn from the JWKS therefore stops the tokens it signed only when they expire.
export class TokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  /** Verified tokens and when they expire (ms), oldest first. */
  private readonly verified = new Map<string, { user: AuthUser; until: number }>();

  /** `cooldownMs`: the least time between two fetches, e.g. on a stream of unknown `kid`s. Keys are trusted 10 minutes. */
  constructor(jwksUrl: string, cooldownMs = 30_000) {
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: 600_000, cooldownDuration: cooldownMs, timeoutDuration: 5000 });
  }

  async verify(token: string): Promise<AuthUser> {
    const known = this.verified.get(token);
    if (known && Date.now() < known.until) return { ...known.user };
    if (known) this.verified.delete(token);
    let payload: JWTPayload;
    try {
      // Only a token from the auth service and for this one: `iss` and `aud` required (none in a refresh token's audience).
      ({ payload } = await jwtVerify(token, this.jwks, {
        algorithms: [JWT_ALGORITHM],
        clockTolerance: CLOCK_TOLERANCE_S,
        issuer: JWT_ISSUER,
        audience: TOKEN_AUDIENCES.rating,
      }));
    } catch (err) {
      throw new InvalidTokenError(err instanceof Error ? err.message : String(err));
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError(`claims: ${claims.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    const user = toUser(claims.data, payload);
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { user, until: (claims.data.exp + CLOCK_TOLERANCE_S) * 1000 });
    return { ...user };
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
    secondFactor: hasSecondFactor(claims),
  };
}
