import { Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';

/** Every security decision the services log (docs/security-log.md). */
export type SecurityEvent =
  | 'sign-in-succeeded'
  | 'sign-in-failed'
  | 'refresh-reused'
  | 'refresh-overlap'
  | 'logged-out'
  | 'session-ended'
  | 'password-changed'
  | 'password-change-refused'
  | 'password-reset'
  | 'second-factor-enrolled'
  | 'second-factor-used'
  | 'second-factor-failed'
  | 'second-factor-disabled'
  | 'recovery-code-used'
  | 'role-granted'
  | 'role-revoked'
  | 'access-denied'
  | 'throttled'
  | 'abuse-suspected';

let key: Buffer = randomBytes(32);

/**
 * The key of the account hashes (`SECURITY_LOG_KEY`, the same on every replica of every service, so
 * an operator can follow one account everywhere); without it, a random one per process.
 */
export function configureSecurityLog(secret: string | undefined): void {
  key = secret ? Buffer.from(secret) : randomBytes(32);
}

/**
 * How the security log names an account: a keyed hash of its id (HMAC-SHA256, 128 bits), never its
 * id or its e-mail. Whoever holds the key can find an account's lines (`npm run admin -- log-key
 * <email>`); the lines alone tie nothing to an account, nor to the rating side's data.
 */
export const accountKey = (accountId: string): string => createHmac('sha256', key).update(accountId).digest('base64url').slice(0, 22);

const logger = new Logger('Security');

/**
 * One JSON line per security decision, at info: `{context: "Security", msg: "security", event,
 * account?, request_id, ...}`. `account` is an account id, logged as its keyed hash; the fields must
 * name no e-mail, address or review.
 */
export function securityEvent(
  event: SecurityEvent,
  fields: { account?: string | null } & Record<string, string | number | boolean | null | undefined> = {},
): void {
  const { account, ...rest } = fields;
  logger.log({ msg: 'security', event, ...(account ? { account: accountKey(account) } : {}), ...rest });
}
