import { z } from 'zod';
import { baseServiceEnv, durationField } from './env-fields';
import { validateConfig } from './validate-config';

const schema = z.object({ ...baseServiceEnv({ port: 3001, database: 'pupitre_auth' }), DELAY: durationField('10m') });
const valid = { MONGODB_URI: 'mongodb://127.0.0.1:27017/', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('validateConfig', () => {
  it('applies defaults and converts values', () => {
    const result = validateConfig(schema, { ...valid, CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(result).toEqual({
      ok: true,
      config: {
        ...valid,
        HOST: '0.0.0.0',
        PORT: 3001,
        MONGODB_DB: 'pupitre_auth',
        LOG_LEVEL: 'info',
        CORS_ORIGINS: ['https://a.example', 'https://b.example'],
        DELAY: 600_000,
      },
    });
  });

  it('names a missing variable and says what is expected', () => {
    const result = validateConfig(schema, { REDIS_URL: valid.REDIS_URL });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(['MONGODB_URI: required (a mongodb:// or mongodb+srv:// URL), but it is not set']);
  });

  it('treats an empty value as missing', () => {
    const result = validateConfig(schema, { ...valid, MONGODB_URI: '  ' });
    expect(!result.ok && result.problems[0]).toMatch(/^MONGODB_URI: required/);
  });

  it('names each invalid variable with the value received', () => {
    const result = validateConfig(schema, { ...valid, PORT: 'abc', LOG_LEVEL: 'loud', DELAY: 'soon', REDIS_URL: 'http://x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'PORT: expected a TCP port number (1-65535), got "abc"',
        expect.stringMatching(/^LOG_LEVEL: expected one of silent, fatal, error, warn, info, debug, verbose, got "loud"$/),
        'DELAY: expected a duration like 10m, 2s, 500ms or a number of milliseconds, got "soon"',
        'REDIS_URL: expected a redis:// or rediss:// URL, got "http://x"',
      ]),
    );
    expect(result.problems).toHaveLength(4);
  });

  it('rejects out-of-range ports and bad origins', () => {
    const result = validateConfig(schema, { ...valid, PORT: '70000', CORS_ORIGINS: 'not an origin', HOST: 'everywhere' });
    expect(!result.ok && result.problems.map((p) => p.split(':')[0]).sort()).toEqual(['CORS_ORIGINS', 'HOST', 'PORT']);
  });

  it('never repeats the value of a secret', () => {
    const secret = schema.extend({ SOME_SECRET: z.string().min(32, { message: 'expected at least 32 characters' }) });
    const result = validateConfig(secret, { ...valid, SOME_SECRET: 'hunter2' });
    expect(!result.ok && result.problems).toEqual(['SOME_SECRET: expected at least 32 characters']);
  });
});

describe('a refused URL in a problem', () => {
  it('never repeats its user and password', () => {
    const schema = z.object({ MONGODB_URI: z.string().refine(() => false, { message: 'must use TLS in production' }) });
    const result = validateConfig(schema, { MONGODB_URI: 'mongodb://pupitre-auth:s3cr3t@db:27017/?tls=false' });
    expect(!result.ok && result.problems).toEqual(['MONGODB_URI: must use TLS in production, got "mongodb://***@db:27017/?tls=false"']);
  });
});
