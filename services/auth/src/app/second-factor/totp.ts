import { normalizeRecoveryCode, RECOVERY_CODE_COUNT, totpCodeSchema } from '@pupitre/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';

// TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, HMAC-SHA1 (what every authenticator
// app reads from an otpauth:// QR code), one step either side for clocks that drift. No state here:
// the caller stores the last step used and accepts only a later one (replay, see SecondFactors).

export const TOTP_ISSUER = 'Pupitre';
const PERIOD = 30;

export const newSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app reads, and its QR code as an SVG `data:` URL. */
export function enrolmentOf(secret: string, email: string): { secret: string; otpauth_url: string; qr_svg: string } {
  const otpauth_url = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const svg = renderSVG(otpauth_url, { border: 2, ecc: 'M' });
  return { secret, otpauth_url, qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a typed code belongs to (now, or one step either side), or null when it is no code of this secret. */
export async function stepOfCode(secret: string, typed: unknown, now = Date.now()): Promise<number | null> {
  const code = totpCodeSchema.safeParse(typed);
  if (!code.success) return null;
  try {
    const result = await verify({ secret, token: code.data, epoch: Math.floor(now / 1000), epochTolerance: PERIOD, period: PERIOD });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** 10 recovery codes as shown once (`xxxxx-xxxxx`: 50 random bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: SHA-256 of the account's salt and the normalized code (the codes are random: no slow hash needed). */
export const hashRecoveryCode = (salt: string, code: string): string =>
  createHash('sha256')
    .update(`${salt}\n${normalizeRecoveryCode(code)}`)
    .digest('base64url');

export const newSalt = (): string => randomBytes(16).toString('base64url');

/** A typed recovery code is worth hashing: 10 letters or digits once normalized. */
export const looksLikeRecoveryCode = (typed: unknown): typed is string =>
  typeof typed === 'string' && /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(typed));

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
