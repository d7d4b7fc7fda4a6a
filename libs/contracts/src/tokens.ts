import { z } from 'zod';

/**
 * Claims of an access token (a JWT signed by the auth service with an asymmetric key, ES256, whose
 * `kid` is published at /auth/.well-known/jwks.json). Other services verify it locally against that
 * key set. Refresh tokens carry `token_type: "refresh"` and are only accepted by the auth service.
 */
export const roleSchema = z.enum(['user', 'admin', 'moderator', 'teacher']);
export type Role = z.infer<typeof roleSchema>;

export { MODERATION_ROLES, accessTokenRoles, canModerate } from './staff-roles';
export { tokenClaimList, tokenClaims } from './token-claims';

export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  token_type: z.literal('access'),
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  roles: z.array(roleSchema),
  /** The session (refresh-token family) the token belongs to; see sessions.ts. Absent in older tokens. */
  sid: z.string().min(1).max(64).optional(),
  /** The user's session version when the token was issued; see sessions.ts. Absent = 0. */
  sv: z.number().int().min(0).optional(),
  /**
   * The teacher record the account is linked to (with the `teacher` role): set once the teacher
   * accepted a moderator's invitation, gone with the link (docs/decisions/0010).
   */
  teacher_id: z.number().int().positive().optional(),
  /** RFC 8176: `["mfa", "otp"]` when the session was opened with the second factor (second-factor.ts). Absent otherwise. */
  amr: z.array(z.string().max(16)).max(8).optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const JWT_ALGORITHM = 'ES256';

/**
 * Who issues every token (`iss`) and whom each is for (`aud`): an access token is for the auth
 * service's own endpoints and the rating service, a refresh token for the auth service's refresh and
 * logout only. Each service refuses a token that is not for it (ASVS 3.5.3, docs/decisions/0013).
 */
export const JWT_ISSUER = 'pupitre-auth';
export const TOKEN_AUDIENCES = { auth: 'pupitre-auth', rating: 'pupitre-rating', refresh: 'pupitre-auth-refresh' } as const;
export const ACCESS_TOKEN_AUDIENCE = [TOKEN_AUDIENCES.auth, TOKEN_AUDIENCES.rating];
export const JWKS_PATH = '/auth/.well-known/jwks.json';
