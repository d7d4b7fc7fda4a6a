import { z } from 'zod';
import {
  apiDocsEnv,
  baseServiceEnv,
  checkStoreTransport,
  durationField,
  intRangeField,
  positiveIntField,
  flagField,
  rateField,
  requireSecurityLogKey,
  securityLogEnv,
  trustProxyField,
  urlField,
} from '@pupitre/server-kit';
import { parseSecretKeys, SecretBox } from '../app/second-factor/secret-box';
import { parsePrivateJwks } from '../app/tokens/private-jwks';

const optionalUrl = () =>
  z
    .string()
    .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), { message: 'expected a URL (http or https)' })
    .optional();

/**
 * `SECOND_FACTOR_KEYS`: the keys of the TOTP secrets at rest (secret-box.ts), `<id>:<32 bytes in
 * base64>` separated by commas, newest first (it seals; the others still open). Optional here: the
 * service requires it in production; without it, the published development key. Read by the admin CLI too.
 */
export const secondFactorKeysField = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parsed = parseSecretKeys(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: `expected <id>:<32 bytes in base64>, comma-separated, newest first (${parsed})` });
        return z.NEVER;
      }
      return parsed;
    });

/** Environment of the auth service, validated at start-up (see services/README.md). */
export const authEnvSchema = z
  .object({
    ...baseServiceEnv({ port: 3001, database: 'pupitre_auth' }),
    NODE_ENV: z.string().default('development'),
    ...securityLogEnv,
    ...apiDocsEnv,
    SECOND_FACTOR_KEYS: secondFactorKeysField(),
    /** Public origin of the site: e-mailed links, the Google callback and the front end's landing pages. */
    PUBLIC_URL: urlField('http://localhost:8080'),
    /** Origin of the front end in e-mailed links and redirects; defaults to PUBLIC_URL. */
    FRONTEND_URL: optionalUrl(),
    SMTP_URL: urlField('smtp://127.0.0.1:1025', ['smtp:', 'smtps:']),
    // STARTTLS required on an smtp:// SMTP_URL (nodemailer's requireTLS: no mail goes out in clear if the server offers
    // none); required in production unless SMTP_URL is smtps:// (TLS from the first byte). The local mail catcher has none.
    SMTP_REQUIRE_TLS: flagField(),
    MAIL_FROM: z
      .string()
      .regex(/^(.+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, { message: 'expected an e-mail address, optionally as "Name <address>"' })
      .default('Pupitre <no-reply@pupitre.local>'),
    /** One-line JSON array of private EC P-256 JWKs, each with a `kid`; the first signs, all are published. */
    JWT_PRIVATE_KEYS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const parsed = parsePrivateJwks(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: `expected a JSON array of private ES256 JWKs with kid (${parsed})` });
          return z.NEVER;
        }
        return parsed;
      }),
    ACCESS_TOKEN_TTL: durationField('15m'),
    REFRESH_TOKEN_TTL: durationField('14d'),
    /** Rotation overlap: a refresh token presented again this soon after its rotation, before any token issued from it is
     * used, gets a new pair instead of ending the session (a page left mid-refresh, tabs at once). 0 turns it off; at most 1 minute. */
    REFRESH_REUSE_GRACE: durationField('30s').pipe(z.number().max(60_000, { message: 'expected at most 1m' })),
    // Session lifetimes (issue #38): a session holding a staff role (moderator, admin) ends 12 hours after sign-in and after
    // 30 minutes without a refresh, and its access tokens live 5 minutes; a member's ends 30 days after sign-in, however used.
    SESSION_MAX_STAFF: durationField('12h'),
    SESSION_IDLE_STAFF: durationField('30m'),
    ACCESS_TOKEN_TTL_STAFF: durationField('5m'),
    SESSION_MAX_MEMBER: durationField('30d'),
    ACTIVATION_TOKEN_TTL: durationField('7d'),
    RESET_TOKEN_TTL: durationField('3d'),
    /** How long a moderator's invitation of a teacher (an e-mailed link to link an account to a teacher record) stays valid. */
    TEACHER_INVITATION_TTL: durationField('7d'),
    /** log2 of scrypt's cost N for new hashes (15 = 32 MiB with r=8); older hashes are upgraded at login. */
    PASSWORD_SCRYPT_LOG_N: intRangeField(10, 20, 15),
    TRUST_PROXY: trustProxyField(),
    THROTTLE_LOGIN_IP: rateField('60/1m'),
    /** Login attempts per (e-mail, client address) before a delay; then it doubles from THROTTLE_LOGIN_DELAY to THROTTLE_LOGIN_MAX_DELAY. */
    THROTTLE_LOGIN_FAILURES: positiveIntField(3),
    THROTTLE_LOGIN_DELAY: durationField('1s'),
    THROTTLE_LOGIN_MAX_DELAY: durationField('15m'),
    // Sign-in attempts on one account from addresses it has not signed in from lately, all together (a token bucket:
    // a burst, then one per window/limit): guessing from many addresses slows to that pace; the owner is never locked out.
    THROTTLE_LOGIN_ACCOUNT: rateField('20/1h'),
    THROTTLE_SIGNUP_IP: rateField('30/1h'),
    /** Sign-ups from one address past which the `signup-burst` abuse signal fires (a metric and a security-log line; nothing refused). */
    ABUSE_SIGNUPS_PER_ADDRESS: rateField('10/15m'),
    THROTTLE_RESET_IP: rateField('30/1h'),
    THROTTLE_RESEND_IP: rateField('30/1h'),
    /** Activation (and, separately, reset) e-mails per recipient, whoever asks for them. */
    THROTTLE_MAIL_RECIPIENT: rateField('3/1h'),
    THROTTLE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'expected letters, digits, _, : or -' })
      .default('throttle'),
    /** BullMQ key prefix; must match the rating worker's QUEUE_PREFIX. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'expected letters, digits, _, : or - (at most 64)' })
      .default('bull'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTHORIZATION_URL: urlField('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: urlField('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: urlField('https://openidconnect.googleapis.com/v1/userinfo'),
    /** Lifetime of the one-time code the Google callback hands to the front end. */
    OAUTH_CODE_TTL: durationField('60s'),
  })
  .superRefine((env, ctx) => {
    requireSecurityLogKey(env, ctx);
    checkStoreTransport(env, ctx);
    if (env.NODE_ENV === 'production' && !env.SMTP_REQUIRE_TLS && !env.SMTP_URL.startsWith('smtps:'))
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_REQUIRE_TLS'],
        message: 'must be true in production (or SMTP_URL smtps://): no mail in clear',
      });
    if (env.NODE_ENV === 'production' && !env.SECOND_FACTOR_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECOND_FACTOR_KEYS'],
        message: 'required in production (<id>:<key>, the key from openssl rand -base64 32)',
      });
    } else if (env.NODE_ENV === 'production' && env.SECOND_FACTOR_KEYS && SecretBox.includesDevelopmentKey(env.SECOND_FACTOR_KEYS)) {
      ctx.addIssue({ code: 'custom', path: ['SECOND_FACTOR_KEYS'], message: 'the published development key is refused in production' });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_PRIVATE_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PRIVATE_KEYS'],
        message: 'required in production (a JSON array of private ES256 JWKs with kid)',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'expected both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
      });
    }
  });

export type AuthConfig = z.output<typeof authEnvSchema>;

/** Where e-mailed links and redirects point. */
export const frontendUrl = (config: AuthConfig): string => (config.FRONTEND_URL ?? config.PUBLIC_URL).replace(/\/+$/, '');
