import { z } from 'zod';

/**
 * The second factor (issue #38, item 3): a TOTP code (RFC 6238: 6 digits, 30-second steps, SHA-1,
 * as every authenticator app reads an `otpauth://` QR code) or one of 10 single-use recovery codes.
 * Required for the staff roles (moderator, admin), optional for members. See
 * docs/decisions/0013-sessions-and-tokens.md.
 */

/** `amr` (RFC 8176) of an access token whose session was opened with the second factor. */
export const SECOND_FACTOR_AMR = ['mfa', 'otp'] as const;
/** Whether a token's session was opened with the second factor. */
export const hasSecondFactor = (claims: { amr?: readonly string[] }): boolean => claims.amr?.includes('otp') === true;

/** 403 of a staff endpoint (moderation, catalogue) to a staff session opened without the second factor. */
export const SECOND_FACTOR_REQUIRED = 'second-factor-required';
export const secondFactorRequiredSchema = z.strictObject({ error: z.literal(SECOND_FACTOR_REQUIRED), detail: z.string() });

/**
 * `code` of a 401 of POST /auth/token/ and POST /auth/oauth2/exchange for an account with the second
 * factor: `mfa_required` (send the request again with `otp` or `recovery_code`), `mfa_invalid` (that
 * code was wrong, already used, or from a step already used).
 */
export const MFA_REQUIRED = 'mfa_required';
export const MFA_INVALID = 'mfa_invalid';
export const mfaErrorSchema = z.strictObject({ detail: z.string(), code: z.enum([MFA_REQUIRED, MFA_INVALID]) });
export type MfaError = z.infer<typeof mfaErrorSchema>;

/** A TOTP code as typed (spaces allowed: "123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));
/** A recovery code as printed (`xxxxx-xxxxx`, lower-case letters and digits); case, spaces and dashes ignored. */
export const RECOVERY_CODE_COUNT = 10;
export const normalizeRecoveryCode = (raw: string): string => raw.toLowerCase().replace(/[\s-]+/g, '');

/** The second factor fields a sign-in (or a code exchange) may carry besides its own. */
export const secondFactorProofSchema = z.object({ otp: z.string().optional(), recovery_code: z.string().optional() });
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

/** GET /auth/second-factor/: whether it is on, how many recovery codes are left. */
export const secondFactorStatusSchema = z.strictObject({ enabled: z.boolean(), recovery_codes_left: z.number().int().min(0) });
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /auth/second-factor/enrolment/ {password} (the current password, when the account has one). */
export const secondFactorEnrolRequestSchema = z.object({ password: z.string().optional() });
/**
 * 200 of the enrolment: the secret (base32, for typing it in), the `otpauth://` URL and its QR code
 * as an SVG `data:` URL (an `<img>`: the front end needs no QR library). Pending until confirmed;
 * never shown again after.
 */
export const secondFactorEnrolmentSchema = z.strictObject({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** POST /auth/second-factor/confirm/ {code} and /recovery-codes/ {code}: the codes, shown once. */
export const secondFactorCodeRequestSchema = z.object({ code: z.string() });
export const recoveryCodesSchema = z.strictObject({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /auth/second-factor/disable/ {code} or {recovery_code}: 204. */
export const secondFactorDisableRequestSchema = secondFactorProofSchema.extend({ code: z.string().optional() });

/** 400 error keys of the second-factor endpoints (`{"error": key}`). */
export const SECOND_FACTOR_ERRORS = ['invalid-code', 'wrong-password', 'not-enabled', 'already-enabled', 'no-enrolment'] as const;
export type SecondFactorErrorKey = (typeof SECOND_FACTOR_ERRORS)[number];

export const SECOND_FACTOR_PATH = '/auth/second-factor';
