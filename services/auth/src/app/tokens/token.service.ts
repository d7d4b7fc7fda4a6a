import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  canModerate,
  type DeviceDescription,
  ACCESS_TOKEN_AUDIENCE,
  isSessionRevoked,
  JWT_ALGORITHM,
  JWT_ISSUER,
  type Role,
  SECOND_FACTOR_AMR,
  type SessionState,
  TOKEN_AUDIENCES,
  type TokenPair,
} from '@pupitre/contracts';
import { APP_CONFIG, ApiError, securityEvent } from '@pupitre/server-kit';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { type Model } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { describeDevice } from '../sessions/device-description';
import { KnownDevices } from '../sessions/known-devices';
import { User } from '../users/user.schema';
import { RefreshToken } from './refresh-token.schema';
import { SessionStore } from './session-store';
import { SigningKeys } from './signing-keys.service';

/** The three 401 details of POST /auth/token/refresh/ (`code: "token_not_valid"`). */
export type RefreshProblem = 'Token is invalid' | 'Token is expired' | 'Token is blacklisted';

export class RefreshError extends Error {
  constructor(readonly detail: RefreshProblem) {
    super(detail);
  }
}

/** Whom a token is for: `sub`, `roles`, `date_joined` (seconds) when known, `teacher_id` for a linked teacher. */
export interface TokenSubject {
  id: string;
  roles: Role[];
  joinedAt?: Date;
  teacherId?: number | null;
}

/** How a session was opened: its User-Agent (reduced to a coarse device description, never stored as such), and whether
 * the second factor opened it (TOTP or a recovery code: access tokens then carry `amr`, SECOND_FACTOR_AMR), carried by
 * every refresh of it (its refresh-token records). */
export interface SessionOrigin {
  userAgent?: string;
  secondFactor?: boolean;
}

/** UTC midnight of a moment: a session's last use is kept to the day. */
const dayOf = (ms: number): Date => new Date(Math.floor(ms / 86_400_000) * 86_400_000);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');
/** The cause recorded when a refresh token is presented after its use. */
const reuseOf = (jti: string): string => `reuse:${jti}`;

/** 401 bodies of endpoints that need an access token (simplejwt's words). */
export const ACCESS_ERRORS = {
  missing: { detail: 'Authentication credentials were not provided.' },
  invalid: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
  userNotFound: { detail: 'User not found', code: 'user_not_found' },
  inactive: { detail: 'User is inactive', code: 'user_inactive' },
} as const;

/**
 * Access tokens: ES256 JWTs (claims of `accessTokenClaimsSchema`, with the session `sid` and the
 * user's session version `sv`) signed by the first key, verified anywhere from the JWKS. Refresh
 * tokens: ES256 JWTs with `token_type: "refresh"` whose jti is recorded; they are accepted only if
 * the record exists, holds that exact token, is active and unexpired, and its session lives. A
 * refresh uses the token once (atomically, in Redis) and rotates it; re-using one revokes its
 * session (family). See ADR 0006.
 */
@Injectable()
export class TokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(KnownDevices) private readonly devices: KnownDevices,
  ) {}

  /** A new session (new family) for a user; a device the account never signed in from is told by e-mail. */
  async issuePair(user: TokenSubject, origin: SessionOrigin = {}): Promise<TokenPair> {
    const family = randomUUID();
    const device = describeDevice(origin.userAgent);
    const { version } = await this.sessions.state(user.id, family);
    const { pair } = await this.pairInFamily(user, family, version, new Date(), device, origin);
    await this.devices.signedIn(user.id, device);
    return pair;
  }

  async signAccess(
    user: TokenSubject,
    session: { sid: string; sv: number },
    now = Date.now(),
    origin: SessionOrigin = {},
  ): Promise<string> {
    const claims: Record<string, unknown> = { token_type: 'access', roles: user.roles, sid: session.sid, sv: session.sv };
    if (origin.secondFactor) claims.amr = [...SECOND_FACTOR_AMR];
    if (user.joinedAt) claims.date_joined = Math.floor(user.joinedAt.getTime() / 1000);
    if (user.roles.includes('teacher') && user.teacherId) claims.teacher_id = user.teacherId;
    const ttl = isStaff(user.roles)
      ? Math.min(this.config.ACCESS_TOKEN_TTL_STAFF, this.config.ACCESS_TOKEN_TTL)
      : this.config.ACCESS_TOKEN_TTL;
    return this.sign(claims, user.id, now, ttl, randomUUID(), ACCESS_TOKEN_AUDIENCE);
  }

  /**
   * POST /auth/token/refresh/: a new pair; the presented token is used up. One presenter wins the
   * token (the write that marks it rotated, conditional on it being active). Another presentation is
   * a re-use and revokes the session, the winner's new token included, unless it falls in the
   * rotation overlap (`overlap`): a page left while its refresh was in flight never stored the new
   * cookie, and two tabs refresh at once. The session is checked again once the new token is stored,
   * so a revocation that raced this refresh (logout, re-use of another token, password reset) cannot
   * be outlived.
   */
  async refresh(token: string): Promise<TokenPair> {
    const { record } = await this.check(token, true);
    const won =
      record.status === 'active' &&
      (
        await this.refreshTokens.updateOne(
          { _id: record._id, status: 'active' },
          { $set: { status: 'rotated', rotatedAt: new Date(), overlapUses: 0 } },
        )
      ).matchedCount === 1;
    if (!won && !(await this.overlap(record))) {
      securityEvent('refresh-reused', { account: record.userId, ...(record.status === 'active' ? { race: true } : {}) });
      await this.revokeFamily(record.family, reuseOf(record._id));
      throw new RefreshError('Token is blacklisted');
    }
    if (!won) securityEvent('refresh-overlap', { account: record.userId });
    const user = await this.users.findById(record.userId).lean();
    if (!user || !user.isActive) {
      await this.revokeFamily(record.family, 'inactive-account');
      throw new RefreshError('Token is invalid');
    }
    const subject = { id: String(user._id), roles: user.roles, joinedAt: user.createdAt, teacherId: user.teacherId ?? null };
    // A staff session ends 30 minutes idle (no refresh since this token) and 12 hours after sign-in, a role granted meanwhile included.
    if (isStaff(subject.roles)) {
      const now = Date.now();
      const idle = now - record.createdAt.getTime() > this.config.SESSION_IDLE_STAFF;
      const over = now - (record.sessionStartedAt ?? record.createdAt).getTime() > this.config.SESSION_MAX_STAFF;
      if (idle || over) {
        await this.revokeFamily(record.family, idle ? 'staff-idle' : 'staff-session-over');
        throw new RefreshError('Token is expired');
      }
    }
    const { version } = await this.sessions.state(subject.id, record.family);
    // Records from before session start times: the session's lifetime counts from this refresh.
    const origin: SessionOrigin = { secondFactor: record.secondFactor === true };
    const { pair, jti } = await this.pairInFamily(
      subject,
      record.family,
      version,
      record.sessionStartedAt ?? new Date(),
      record.device,
      origin,
      record._id,
    );
    const after = await this.sessions.state(subject.id, record.family);
    // A re-use of the very token this refresh used only proves that someone else presented it too:
    // this answer stands (as if it came first), and the new token is dead with its session.
    const revokedMeanwhile = after.revokedBy !== null && after.revokedBy !== reuseOf(record._id);
    if (revokedMeanwhile || after.version > version) {
      await this.refreshTokens.updateOne({ _id: jti }, { $set: { status: 'revoked' } });
      throw new RefreshError('Token is blacklisted');
    }
    return pair;
  }

  /** POST /auth/logout: blacklists the token (and its family). */
  async revoke(token: string): Promise<void> {
    const { record } = await this.check(token);
    await this.revokeFamily(record.family, 'logout');
    securityEvent('logged-out', { account: record.userId });
  }

  /** Every session of a user ends (password change, Google taking over a never-activated account). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.sessions.bumpVersion(userId);
    await this.refreshTokens.updateMany({ userId, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
  }

  /** A password change (or /settings): every other session of the user ends (at once for writes); `keep` goes on. Returns how many ended. */
  async revokeOthersOf(userId: string, keep: string, cause = 'password-change'): Promise<number> {
    const families = ((await this.refreshTokens.distinct('family', { userId, status: 'active' })) as string[]).filter((f) => f !== keep);
    // Marked dead in Redis first (checked on every use), then one write for all their records.
    for (const family of families) await this.sessions.revokeSession(family, cause);
    if (families.length)
      await this.refreshTokens.updateMany({ family: { $in: families }, status: 'active' }, { $set: { status: 'revoked' } });
    return families.length;
  }

  /** Account deletion: its sessions end and their records go. */
  async deleteAllOf(userId: string): Promise<void> {
    await this.sessions.bumpVersionOfErased(userId);
    await this.refreshTokens.deleteMany({ userId });
  }

  /**
   * Verifies an access token (signature by a published key, ES256 only, not expired, `token_type`
   * access, claims well-formed). Throws the contract's 401 otherwise.
   */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    try {
      // Only a token for this service, from its issuer: a refresh token or one for elsewhere is refused.
      const { payload } = await jwtVerify(token, this.keys.resolver, {
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: TOKEN_AUDIENCES.auth,
      });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      if (claims.success) return claims.data;
    } catch {
      // Falls through to the 401.
    }
    throw new ApiError(401, { ...ACCESS_ERRORS.invalid });
  }

  /**
   * Rotation overlap (docs/decisions/0013): a rotated token presented again within
   * REFRESH_REUSE_GRACE of its rotation gets a new pair in its session, at most OVERLAP_USES times,
   * and only while no token issued from it has been used: once the holder has moved on, a copy of the
   * old token is a theft and ends the session. The limits are in the write's filter.
   */
  private async overlap(record: RefreshToken): Promise<boolean> {
    const grace = this.config.REFRESH_REUSE_GRACE;
    if (grace <= 0) return false;
    // Index {family, status, parent}.
    if (await this.refreshTokens.exists({ family: record.family, status: 'rotated', parent: record._id })) return false;
    const { matchedCount } = await this.refreshTokens.updateOne(
      { _id: record._id, status: 'rotated', rotatedAt: { $gt: new Date(Date.now() - grace) }, overlapUses: { $lt: OVERLAP_USES } },
      { $inc: { overlapUses: 1 } },
    );
    return matchedCount === 1;
  }

  /** The refresh record of a presented token, or a RefreshError (invalid, expired, blacklisted). A rotated token is a
   * re-use (its session ends) unless `rotatedToo`: the refresh then decides (`overlap`). */
  private async check(token: string, rotatedToo = false): Promise<{ record: RefreshToken; state: SessionState }> {
    let jti: string | undefined;
    let kid: string | undefined;
    let exp: number | undefined;
    try {
      const header = decodeProtectedHeader(token);
      const payload = decodeJwt(token);
      if (header.alg !== JWT_ALGORITHM || payload.token_type !== 'refresh') throw new Error('not a refresh token');
      // Tokens issued before `aud` existed have none; one that has an audience must be the refresh one.
      if (payload.aud !== undefined && ![payload.aud].flat().includes(TOKEN_AUDIENCES.refresh)) throw new Error('not for refreshing');
      jti = typeof payload.jti === 'string' ? payload.jti : undefined;
      kid = header.kid;
      exp = payload.exp;
    } catch {
      throw new RefreshError('Token is invalid');
    }
    if (!jti || jti.length > 64 || exp === undefined) throw new RefreshError('Token is invalid');
    // Signature check while the signing key is published; the stored hash pins the exact token
    // either way, so refresh tokens survive the retirement of the key that signed them.
    if (this.keys.hasKid(kid)) {
      try {
        await jwtVerify(token, this.keys.resolver, { algorithms: [JWT_ALGORITHM], currentDate: new Date(0) });
      } catch {
        throw new RefreshError('Token is invalid');
      }
    }
    // Expired first: the database's TTL index deletes an expired record at any moment after, and that must not change the answer.
    if (exp * 1000 <= Date.now()) throw new RefreshError('Token is expired');
    const record = await this.refreshTokens.findById(jti).lean();
    if (!record || !safeEqual(record.tokenHash, sha256(token))) throw new RefreshError('Token is invalid');
    if (record.expiresAt.getTime() <= Date.now()) throw new RefreshError('Token is expired');
    const state = await this.sessions.state(record.userId, record.family);
    if (record.status === 'revoked' || isSessionRevoked({ sid: record.family, sv: record.sessionVersion ?? 0 }, state))
      throw new RefreshError('Token is blacklisted');
    if (record.status === 'rotated' && !rotatedToo) {
      securityEvent('refresh-reused', { account: record.userId });
      await this.revokeFamily(record.family, reuseOf(record._id));
      throw new RefreshError('Token is blacklisted');
    }
    return { record, state };
  }

  /** The session is marked dead in Redis first (atomic, checked on every use), then its records. */
  private async revokeFamily(family: string, cause: string): Promise<void> {
    await this.sessions.revokeSession(family, cause);
    await this.refreshTokens.updateMany({ family, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
  }

  private async pairInFamily(
    user: TokenSubject,
    family: string,
    sessionVersion: number,
    sessionStartedAt: Date,
    device?: DeviceDescription,
    origin: SessionOrigin = {},
    parent?: string,
  ): Promise<{ pair: TokenPair; jti: string }> {
    const now = Date.now();
    const jti = randomUUID();
    // Never past the session's absolute end: the refresh token's expiry no longer slides beyond it.
    const sessionEnd = sessionStartedAt.getTime() + (isStaff(user.roles) ? this.config.SESSION_MAX_STAFF : this.config.SESSION_MAX_MEMBER);
    const ttl = Math.max(1000, Math.min(this.config.REFRESH_TOKEN_TTL, sessionEnd - now));
    const refresh = await this.sign({ token_type: 'refresh' }, user.id, now, ttl, jti, [TOKEN_AUDIENCES.refresh]);
    await this.refreshTokens.create({
      _id: jti,
      userId: user.id,
      family,
      tokenHash: sha256(refresh),
      status: 'active',
      sessionVersion,
      expiresAt: new Date(now + ttl),
      sessionStartedAt,
      device,
      lastUsedOn: dayOf(now),
      ...(parent ? { parent } : {}),
      ...(origin.secondFactor ? { secondFactor: true } : {}),
    });
    return { pair: { access: await this.signAccess(user, { sid: family, sv: sessionVersion }, now, origin), refresh }, jti };
  }

  private sign(claims: Record<string, unknown>, sub: string, now: number, ttlMs: number, jti: string, audience: string[]): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.signing.kid, typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setAudience(audience)
      .setSubject(sub)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + Math.max(1, Math.round(ttlMs / 1000)))
      .sign(this.keys.signing.key);
  }
}

/** How many times a rotated token may be presented again within the overlap (a lost answer, a few tabs at once). */
const OVERLAP_USES = 5;

/** A session holding a staff role (moderator, admin: who may moderate) has shorter lifetimes (docs/decisions/0013). */
const isStaff = canModerate;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
