import { validateConfig } from '@pupitre/server-kit';
import { authEnvSchema } from './auth-config';

const env = { MONGODB_URI: 'mongodb://127.0.0.1:27017/', REDIS_URL: 'redis://127.0.0.1:6379' };

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
});
