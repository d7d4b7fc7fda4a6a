import { z } from 'zod';

/**
 * Claims of an access token (a JWT signed by the auth service with an asymmetric key, ES256, whose
 * `kid` is published at /auth/.well-known/jwks.json). Other services verify it locally against that
 * key set. Refresh tokens carry `token_type: "refresh"` and are only accepted by the auth service.
 */
export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

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
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const JWT_ALGORITHM = 'ES256';
export const JWKS_PATH = '/auth/.well-known/jwks.json';
