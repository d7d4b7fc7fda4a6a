import { validateConfig } from '@pupitre/server-kit';
import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_SECOND_FACTOR_KEYS } from '../app/second-factor/secret-box';
import { authAppOptions } from '../app/app-options';
import { smtpTransportOptions } from '../app/mail/smtp-transport-options';
import { authEnvSchema } from './auth-config';

const env = { MONGODB_URI: 'mongodb://127.0.0.1:27017/', REDIS_URL: 'redis://127.0.0.1:6379' };
/** Production's connections: every store over TLS, STARTTLS required of the SMTP server. */
const encryptedEnv = {
  MONGODB_URI: 'mongodb+srv://pupitre-auth:p@db.example.net/?authSource=admin',
  REDIS_URL: 'rediss://:p@redis.example.net:6380/0',
  SMTP_URL: 'smtp://mail.example.net:587',
  SMTP_REQUIRE_TLS: 'true',
};

describe('auth configuration', () => {
  it('has the documented defaults', () => {
    const result = validateConfig(authEnvSchema, env);
    expect(result.ok && result.config).toMatchObject({
      PORT: 3001,
      MONGODB_DB: 'pupitre_auth',
      PUBLIC_URL: 'http://localhost:8080',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Pupitre <no-reply@pupitre.local>',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
    });
  });

  it('names a missing REDIS_URL and an invalid SMTP_URL', () => {
    const result = validateConfig(authEnvSchema, { MONGODB_URI: env.MONGODB_URI, SMTP_URL: 'http://mail' });
    expect(!result.ok && result.problems).toEqual([
      'REDIS_URL: required (a redis:// or rediss:// URL), but it is not set',
      'SMTP_URL: expected a URL (smtp or smtps), got "http://mail"',
    ]);
  });

  it('accepts MAIL_FROM with a display name or a bare address, nothing else', () => {
    expect(validateConfig(authEnvSchema, { ...env, MAIL_FROM: 'École <ecole@example.org>' }).ok).toBe(true);
    expect(validateConfig(authEnvSchema, { ...env, MAIL_FROM: 'ecole@example.org' }).ok).toBe(true);
    expect(validateConfig(authEnvSchema, { ...env, MAIL_FROM: 'nobody' }).ok).toBe(false);
  });

  it('has the documented defaults for tokens, throttling and Google sign-in', () => {
    const result = validateConfig(authEnvSchema, env);
    expect(result.ok && result.config).toMatchObject({
      ACCESS_TOKEN_TTL: 15 * 60_000,
      REFRESH_TOKEN_TTL: 14 * 86_400_000,
      REFRESH_REUSE_GRACE: 30_000,
      ACTIVATION_TOKEN_TTL: 7 * 86_400_000,
      RESET_TOKEN_TTL: 3 * 86_400_000,
      PASSWORD_SCRYPT_LOG_N: 15,
      TRUST_PROXY: false,
      THROTTLE_LOGIN_IP: { limit: 60, windowMs: 60_000 },
      THROTTLE_LOGIN_FAILURES: 3,
      THROTTLE_LOGIN_DELAY: 1000,
      THROTTLE_LOGIN_MAX_DELAY: 15 * 60_000,
      THROTTLE_MAIL_RECIPIENT: { limit: 3, windowMs: 3_600_000 },
      QUEUE_PREFIX: 'bull',
      GOOGLE_AUTHORIZATION_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });

  it('reads TRUST_PROXY as express does', () => {
    const trust = (v: string) => {
      const r = validateConfig(authEnvSchema, { ...env, TRUST_PROXY: v });
      return r.ok ? r.config.TRUST_PROXY : r.problems;
    };
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(trust('anyone')).toEqual([expect.stringContaining('TRUST_PROXY: expected false, true')]);
  });

  it('checks JWT_PRIVATE_KEYS without echoing key material', () => {
    const key = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'secret-d', kid: 'k1' };
    const ok = validateConfig(authEnvSchema, { ...env, JWT_PRIVATE_KEYS: JSON.stringify([key]) });
    expect(ok.ok && ok.config.JWT_PRIVATE_KEYS).toEqual([key]);
    const dup = validateConfig(authEnvSchema, { ...env, JWT_PRIVATE_KEYS: JSON.stringify([key, key]) });
    expect(!dup.ok && dup.problems[0]).toMatch(
      /^JWT_PRIVATE_KEYS: expected a JSON array of private ES256 JWKs with kid \(kid "k1" appears twice\)/,
    );
    const bad = validateConfig(authEnvSchema, { ...env, JWT_PRIVATE_KEYS: '{nope' });
    expect(!bad.ok && bad.problems[0]).toContain('not valid JSON');
    const secondFactorKeys = `k1:${randomBytes(32).toString('base64')}`;
    expect(
      validateConfig(authEnvSchema, {
        ...encryptedEnv,
        NODE_ENV: 'production',
        SECURITY_LOG_KEY: 'k'.repeat(32),
        SECOND_FACTOR_KEYS: secondFactorKeys,
      }),
    ).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^JWT_PRIVATE_KEYS: required in production/)],
    });
  });

  it('requires the security log key in production (the account hashes must match across services and replicas)', () => {
    expect(validateConfig(authEnvSchema, { ...env, NODE_ENV: 'production', JWT_PRIVATE_KEYS: undefined })).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.stringMatching(/^SECURITY_LOG_KEY: required in production/)]),
    });
    expect(validateConfig(authEnvSchema, { ...env, SECURITY_LOG_KEY: 'short' })).toMatchObject({ ok: false });
  });

  it('reads SECOND_FACTOR_KEYS (newest first), requires it in production, refuses short keys and the development key there, echoing no key', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const read = validateConfig(authEnvSchema, {
      ...env,
      SECOND_FACTOR_KEYS: `new:${a.toString('base64')},old:${b.toString('base64url')}`,
    });
    expect(read.ok && read.config.SECOND_FACTOR_KEYS).toEqual([
      { id: 'new', key: a },
      { id: 'old', key: b },
    ]);
    const unset = validateConfig(authEnvSchema, env);
    expect(unset.ok && unset.config.SECOND_FACTOR_KEYS).toBeUndefined();
    const production = { ...env, NODE_ENV: 'production', SECURITY_LOG_KEY: 'k'.repeat(32), JWT_PRIVATE_KEYS: undefined };
    expect(validateConfig(authEnvSchema, production)).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.stringMatching(/^SECOND_FACTOR_KEYS: required in production/)]),
    });
    expect(validateConfig(authEnvSchema, { ...production, SECOND_FACTOR_KEYS: DEVELOPMENT_SECOND_FACTOR_KEYS })).toMatchObject({
      ok: false,
      problems: expect.arrayContaining(['SECOND_FACTOR_KEYS: the published development key is refused in production']),
    });
    const short = `k1:${randomBytes(16).toString('base64')}`;
    const refused = validateConfig(authEnvSchema, { ...env, SECOND_FACTOR_KEYS: short });
    expect(refused).toEqual({
      ok: false,
      problems: [
        'SECOND_FACTOR_KEYS: expected <id>:<32 bytes in base64>, comma-separated, newest first (key "k1" is not 32 bytes in base64 (openssl rand -base64 32))',
      ],
    });
    expect(validateConfig(authEnvSchema, { ...env, SECURITY_LOG_KEY: 'short-and-secret' })).toEqual({
      ok: false,
      problems: ['SECURITY_LOG_KEY: expected at least 32 characters (openssl rand -hex 32)'],
    });
  });

  it('requires STARTTLS of the SMTP server in production (or smtps://), and hands requireTLS to nodemailer', () => {
    const production = {
      ...encryptedEnv,
      NODE_ENV: 'production',
      SECURITY_LOG_KEY: 'k'.repeat(32),
      SECOND_FACTOR_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      JWT_PRIVATE_KEYS: JSON.stringify([{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k1' }]),
    };
    const ok = validateConfig(authEnvSchema, production);
    expect(ok.ok && smtpTransportOptions(ok.config)).toEqual({ url: 'smtp://mail.example.net:587', requireTLS: true });
    expect(validateConfig(authEnvSchema, { ...production, SMTP_REQUIRE_TLS: undefined })).toEqual({
      ok: false,
      problems: ['SMTP_REQUIRE_TLS: must be true in production (or SMTP_URL smtps://): no mail in clear'],
    });
    expect(validateConfig(authEnvSchema, { ...production, SMTP_REQUIRE_TLS: undefined, SMTP_URL: 'smtps://mail.example.net:465' }).ok).toBe(
      true,
    );
    expect(validateConfig(authEnvSchema, { ...production, REDIS_URL: 'redis://redis:6379' })).toMatchObject({
      ok: false,
      problems: ['REDIS_URL: must use TLS in production (rediss://), got "redis://redis:6379"'],
    });
    // The local mail catcher speaks no TLS.
    const local = validateConfig(authEnvSchema, env);
    expect(local.ok && smtpTransportOptions(local.config)).toEqual({ url: 'smtp://127.0.0.1:1025', requireTLS: false });
  });

  it('serves the Swagger UI locally, not in production unless API_DOCS=true', () => {
    const docsOf = (extra: Record<string, string | undefined>) => {
      const r = validateConfig(authEnvSchema, { ...env, ...extra });
      if (!r.ok) throw new Error(r.problems.join('\n'));
      return authAppOptions(r.config).docs?.path;
    };
    const production = {
      ...encryptedEnv,
      NODE_ENV: 'production',
      SECURITY_LOG_KEY: 'k'.repeat(32),
      SECOND_FACTOR_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      JWT_PRIVATE_KEYS: JSON.stringify([{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k1' }]),
    };
    expect(docsOf({})).toBe('/auth/docs');
    expect(docsOf({ API_DOCS: 'false' })).toBeUndefined();
    expect(docsOf(production)).toBeUndefined();
    expect(docsOf({ ...production, API_DOCS: 'true' })).toBe('/auth/docs');
    expect(validateConfig(authEnvSchema, { ...env, API_DOCS: 'yes' })).toEqual({
      ok: false,
      problems: ['API_DOCS: expected true or false, got "yes"'],
    });
  });
});
