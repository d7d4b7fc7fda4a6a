import { z } from 'zod';

/**
 * Requests and responses of the auth service (/auth/...). The service validates with the exact
 * field-error maps of the API contract (`{"email": ["..."]}`), so these schemas describe well-formed
 * input for clients; see docs/services/auth.md for every status and error body.
 */
export const languageSchema = z.enum(['fr', 'es', 'en']);
export type Language = z.infer<typeof languageSchema>;

export const signupRequestSchema = z.object({
  email: z.string(),
  password: z.string(),
  re_password: z.string(),
  /** fr, es or en; any other value is stored as fr (`signupLanguage`). */
  lang: z.string().optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The language of a sign-up (its e-mails): fr, es or en, `en-US` read as en; anything else, or
 * nothing, is fr. Older clients send the browser's language: never a reason to refuse a sign-up.
 */
export function signupLanguage(raw: unknown): Language {
  const primary = typeof raw === 'string' ? raw.trim().toLowerCase().split(/[-_]/)[0] : '';
  const parsed = languageSchema.safeParse(primary);
  return parsed.success ? parsed.data : 'fr';
}

/** 201 of POST /auth/manage/users/ and 200 of GET /auth/manage/users/me/. */
export const userSummarySchema = z.strictObject({ email: z.string(), id: z.string() });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const uidTokenSchema = z.object({ uid: z.string(), token: z.string() });
export type ActivationRequest = z.infer<typeof uidTokenSchema>;

export const emailRequestSchema = z.object({ email: z.string() });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const resetConfirmRequestSchema = z.object({
  uid: z.string(),
  token: z.string(),
  new_password: z.string(),
  re_new_password: z.string(),
});
export type ResetConfirmRequest = z.infer<typeof resetConfirmRequestSchema>;

/** `otp` (a TOTP code) or `recovery_code`: the second factor of an account that has one (second-factor.ts). */
export const loginRequestSchema = z.object({
  email: z.string(),
  password: z.string(),
  otp: z.string().optional(),
  recovery_code: z.string().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.strictObject({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** What sign-in and refresh answer a cookie client: the access token only. */
export const accessGrantSchema = z.strictObject({ access: z.string() });
export type AccessGrant = z.infer<typeof accessGrantSchema>;

/**
 * The least length of a new password (sign-up, reset, change): 12 (ASVS 2.1.1). Passwords set before
 * under the old minimum of 8 keep working; the server's field message says the rule to older forms.
 */
export const MIN_PASSWORD_LENGTH = 12;

/** POST /auth/manage/users/set_password/ (djoser's): the current password, the new one twice. */
export const setPasswordRequestSchema = z.object({ current_password: z.string(), new_password: z.string(), re_new_password: z.string() });
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const deleteAccountRequestSchema = z.object({ current_password: z.string() });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * Google sign-in: the callback redirects to `/google/login?code=<one-time code>`; the landing page
 * sends `POST /auth/oauth2/exchange {code}` (same origin, so the browser sends the HttpOnly cookie
 * the sign-in started with: the code is bound to that browser) and gets `{access, refresh, email}`
 * (200), or 400 `{"error": "invalid-code"}` when the code is unknown, used, older than
 * OAUTH_CODE_TTL (60 s) or comes from another browser.
 * A failed sign-in lands on `/auth?form=login&error=google-signin` instead, and
 * `/auth?form=login&error=google-unavailable` when Google sign-in is not configured.
 */
export const oauthExchangeRequestSchema = z.object({ code: z.string(), otp: z.string().optional(), recovery_code: z.string().optional() });
export type OAuthExchangeRequest = z.infer<typeof oauthExchangeRequestSchema>;
export const oauthExchangeResponseSchema = tokenPairSchema.extend({ email: z.string() });
export type OAuthExchangeResponse = z.infer<typeof oauthExchangeResponseSchema>;
/** The exchange's answer to a cookie client: no refresh token in the body. */
export const oauthCookieExchangeResponseSchema = accessGrantSchema.extend({ email: z.string() });
export type OAuthCookieExchangeResponse = z.infer<typeof oauthCookieExchangeResponseSchema>;
export const OAUTH_EXCHANGE_PATH = '/auth/oauth2/exchange';
export const GOOGLE_LOGIN_ERROR = 'google-signin';
export const GOOGLE_UNAVAILABLE_ERROR = 'google-unavailable';

/** Field-error map of a 400 (`{"email": ["Enter a valid email address."]}`). */
export type FieldErrors = Record<string, string[]>;

/** 401 of the token endpoints: `{"detail": "Token is expired", "code": "token_not_valid"}`. */
export const tokenErrorSchema = z.strictObject({ detail: z.string(), code: z.string().optional() });
export type TokenError = z.infer<typeof tokenErrorSchema>;

/**
 * BullMQ job id of a `user-erased` event. BullMQ refuses custom ids with a single `:` (only the
 * three-part repeatable form may hold colons), so the id is `user-erased-<userId>`, which also
 * de-duplicates a repeated deletion.
 */
export const userErasedJobId = (userId: string): string => `user-erased-${userId}`;
