import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AccessTokenClaims, accessTokenClaimsSchema, JWT_ALGORITHM, type Role, type TokenPair } from '@pupitre/contracts';
import { APP_CONFIG, ApiError } from '@pupitre/server-kit';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { type Model } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { User } from '../users/user.schema';
import { RefreshToken } from './refresh-token.schema';
import { SigningKeys } from './signing-keys.service';

/** The three 401 details of POST /auth/token/refresh/ (`code: "token_not_valid"`). */
export type RefreshProblem = 'Token is invalid' | 'Token is expired' | 'Token is blacklisted';

export class RefreshError extends Error {
  constructor(readonly detail: RefreshProblem) {
    super(detail);
  }
}

/** Whom a token is for: `sub`, `roles`, and `date_joined` (seconds) when known. */
export interface TokenSubject {
  id: string;
  roles: Role[];
  joinedAt?: Date;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** 401 bodies of endpoints that need an access token (simplejwt's words). */
export const ACCESS_ERRORS = {
  missing: { detail: 'Authentication credentials were not provided.' },
  invalid: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
  userNotFound: { detail: 'User not found', code: 'user_not_found' },
  inactive: { detail: 'User is inactive', code: 'user_inactive' },
} as const;

/**
 * Access tokens: ES256 JWTs (claims of `accessTokenClaimsSchema`) signed by the first key, verified
 * anywhere from the JWKS. Refresh tokens: ES256 JWTs with `token_type: "refresh"` whose jti is
 * recorded; they are accepted only if the record exists, holds that exact token, is active and the
 * token has not expired. A refresh rotates; re-using a rotated one revokes its family.
 */
@Injectable()
export class TokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  /** A new session (new family) for a user. */
  issuePair(user: TokenSubject): Promise<TokenPair> {
    return this.pairInFamily(user, randomUUID());
  }

  async signAccess(user: TokenSubject, now = Date.now()): Promise<string> {
    const claims: Record<string, unknown> = { token_type: 'access', roles: user.roles };
    if (user.joinedAt) claims.date_joined = Math.floor(user.joinedAt.getTime() / 1000);
    return this.sign(claims, user.id, now, this.config.ACCESS_TOKEN_TTL);
  }

  /** POST /auth/token/refresh/: a new pair; the presented token is rotated (dead). */
  async refresh(token: string): Promise<TokenPair> {
    const record = await this.check(token);
    const rotated = await this.refreshTokens.findOneAndUpdate({ _id: record._id, status: 'active' }, { $set: { status: 'rotated' } }).lean();
    if (!rotated) {
      // Lost a race with another refresh of the same token: that is a re-use too.
      await this.revokeFamily(record.family);
      throw new RefreshError('Token is blacklisted');
    }
    const user = await this.users.findById(record.userId).lean();
    if (!user || !user.isActive) {
      await this.revokeFamily(record.family);
      throw new RefreshError('Token is invalid');
    }
    return this.pairInFamily({ id: String(user._id), roles: user.roles, joinedAt: user.createdAt }, record.family);
  }

  /** POST /auth/logout: blacklists the token (and its family). */
  async revoke(token: string): Promise<void> {
    const record = await this.check(token);
    await this.revokeFamily(record.family);
  }

  /** Every refresh token of a user dies (password change, account deletion). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.refreshTokens.updateMany({ userId, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.refreshTokens.deleteMany({ userId });
  }

  /**
   * Verifies an access token (signature by a published key, ES256 only, not expired, `token_type`
   * access, claims well-formed). Throws the contract's 401 otherwise.
   */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.keys.resolver, { algorithms: [JWT_ALGORITHM] });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      if (claims.success) return claims.data;
    } catch {
      // Falls through to the 401.
    }
    throw new ApiError(401, { ...ACCESS_ERRORS.invalid });
  }

  /** The refresh record of a presented token, or a RefreshError (invalid, expired, blacklisted). */
  private async check(token: string): Promise<RefreshToken> {
    let jti: string | undefined;
    let kid: string | undefined;
    let exp: number | undefined;
    try {
      const header = decodeProtectedHeader(token);
      const payload = decodeJwt(token);
      if (header.alg !== JWT_ALGORITHM || payload.token_type !== 'refresh') throw new Error('not a refresh token');
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
    const record = await this.refreshTokens.findById(jti).lean();
    if (!record || !safeEqual(record.tokenHash, sha256(token))) throw new RefreshError('Token is invalid');
    if (exp * 1000 <= Date.now() || record.expiresAt.getTime() <= Date.now()) throw new RefreshError('Token is expired');
    if (record.status === 'rotated') {
      await this.revokeFamily(record.family);
      throw new RefreshError('Token is blacklisted');
    }
    if (record.status !== 'active') throw new RefreshError('Token is blacklisted');
    return record;
  }

  private async revokeFamily(family: string): Promise<void> {
    await this.refreshTokens.updateMany({ family, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
  }

  private async pairInFamily(user: TokenSubject, family: string): Promise<TokenPair> {
    const now = Date.now();
    const jti = randomUUID();
    const refresh = await this.sign({ token_type: 'refresh' }, user.id, now, this.config.REFRESH_TOKEN_TTL, jti);
    await this.refreshTokens.create({ _id: jti, userId: user.id, family, tokenHash: sha256(refresh), status: 'active', expiresAt: new Date(now + this.config.REFRESH_TOKEN_TTL) });
    return { access: await this.signAccess(user, now), refresh };
  }

  private sign(claims: Record<string, unknown>, sub: string, now: number, ttlMs: number, jti = randomUUID()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.signing.kid, typ: 'JWT' })
      .setSubject(sub)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + Math.max(1, Math.round(ttlMs / 1000)))
      .sign(this.keys.signing.key);
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

