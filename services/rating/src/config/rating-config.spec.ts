import { validateConfig } from '@pupitre/server-kit';
import { ratingAppOptions } from '../app/app-options';
import { ratingEnvSchema } from './rating-config';
import { publicationLatenessBoundMs, workerEnvSchema } from './worker-config';

const env = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTH_JWKS_URL: 'http://127.0.0.1:3001/auth/.well-known/jwks.json',
};

describe('rating configuration', () => {
  it('has the documented defaults', () => {
    const result = validateConfig(ratingEnvSchema, env);
    expect(result.ok && result.config).toMatchObject({
      PORT: 3002,
      MONGODB_DB: 'pupitre_rating',
      REVIEW_VALIDATION_DELAY: 600_000,
      RANKING_MIN_REVIEWS: 3,
      QUEUE_PREFIX: 'bull',
      REPORT_HIDE_THRESHOLD: 3,
      COMMUNITY_PER_CATEGORY: 10,
    });
  });

  it('requires AUTH_JWKS_URL, an http(s) URL', () => {
    const { AUTH_JWKS_URL: _omitted, ...rest } = env;
    const missing = validateConfig(ratingEnvSchema, rest);
    expect(!missing.ok && missing.problems).toEqual([expect.stringMatching(/^AUTH_JWKS_URL: required/)]);
    const wrong = validateConfig(ratingEnvSchema, { ...env, AUTH_JWKS_URL: 'ftp://x' });
    expect(!wrong.ok && wrong.problems).toEqual(['AUTH_JWKS_URL: expected an http or https URL, got "ftp://x"']);
  });

  it('gives the worker its reconciler timings and does not need AUTH_JWKS_URL', () => {
    const { AUTH_JWKS_URL: _omitted, ...rest } = env;
    const result = validateConfig(workerEnvSchema, { ...rest, RECONCILE_GRACE: '2s' });
    expect(result.ok && result.config).toMatchObject({ RECONCILE_INTERVAL: 30_000, RECONCILE_GRACE: 2000, WORKER_CONCURRENCY: 128 });
  });

  it('bounds the lateness of a review whose job is lost to 2 minutes (105 s by default), and refuses timings past it', () => {
    const defaults = validateConfig(workerEnvSchema, env);
    expect(defaults.ok && publicationLatenessBoundMs(defaults.config)).toBe(105_000);
    const late = validateConfig(workerEnvSchema, { ...env, RECONCILE_GRACE: '1m', RECONCILE_INTERVAL: '1m' });
    expect(!late.ok && late.problems).toEqual([expect.stringMatching(/^RECONCILE_GRACE: .*150 s.*more than 2 minutes late/)]);
  });

  it("bounds the worker's database connections: 24 opened at start and at most 24 unless told otherwise; min ≤ max", () => {
    const defaults = validateConfig(workerEnvSchema, env);
    expect(defaults.ok && defaults.config).toMatchObject({ MONGODB_MIN_POOL_SIZE: 24, MONGODB_MAX_POOL_SIZE: 24 });
    const none = validateConfig(workerEnvSchema, { ...env, MONGODB_MIN_POOL_SIZE: '0' });
    expect(none.ok && none.config.MONGODB_MIN_POOL_SIZE).toBe(0);
    const tooMany = validateConfig(workerEnvSchema, { ...env, MONGODB_MIN_POOL_SIZE: '101', MONGODB_MAX_POOL_SIZE: '101' });
    expect(!tooMany.ok && tooMany.problems).toEqual([
      'MONGODB_MIN_POOL_SIZE: expected an integer from 0 to 100, got "101"',
      'MONGODB_MAX_POOL_SIZE: expected an integer from 1 to 100, got "101"',
    ]);
    const crossed = validateConfig(workerEnvSchema, { ...env, MONGODB_MIN_POOL_SIZE: '30', MONGODB_MAX_POOL_SIZE: '20' });
    expect(!crossed.ok && crossed.problems).toEqual(['MONGODB_MIN_POOL_SIZE: must not exceed MONGODB_MAX_POOL_SIZE, got "30"']);
  });

  it("bounds the API's database connections at 20 unless told otherwise (1–100)", () => {
    const defaults = validateConfig(ratingEnvSchema, env);
    expect(defaults.ok && defaults.config.MONGODB_MAX_POOL_SIZE).toBe(20);
    const zero = validateConfig(ratingEnvSchema, { ...env, MONGODB_MAX_POOL_SIZE: '0' });
    expect(!zero.ok && zero.problems).toEqual(['MONGODB_MAX_POOL_SIZE: expected an integer from 1 to 100, got "0"']);
  });

  it('reads the validation delay as a duration', () => {
    const result = validateConfig(ratingEnvSchema, { ...env, REVIEW_VALIDATION_DELAY: '15m' });
    expect(result.ok && result.config.REVIEW_VALIDATION_DELAY).toBe(900_000);
  });

  it('names invalid variables', () => {
    const result = validateConfig(ratingEnvSchema, { ...env, RANKING_MIN_REVIEWS: '0', REVIEW_VALIDATION_DELAY: 'later' });
    expect(!result.ok && result.problems.map((p) => p.split(':')[0]).sort()).toEqual(['RANKING_MIN_REVIEWS', 'REVIEW_VALIDATION_DELAY']);
  });

  it('keeps a delisted teacher 365 days by default, refuses an invalid retention, and erases hourly', () => {
    const ok = validateConfig(ratingEnvSchema, env);
    expect(ok.ok && ok.config.DELISTED_RETENTION).toBe(365 * 86_400_000);
    const bad = validateConfig(ratingEnvSchema, { ...env, DELISTED_RETENTION: 'forever' });
    expect(!bad.ok && bad.problems.map((p) => p.split(':')[0])).toEqual(['DELISTED_RETENTION']);
    const zero = validateConfig(ratingEnvSchema, { ...env, DELISTED_RETENTION: '0' });
    expect(!zero.ok && zero.problems.map((p) => p.split(':')[0])).toEqual(['DELISTED_RETENTION']);
    const worker = validateConfig(workerEnvSchema, env);
    expect(worker.ok && worker.config.ERASURE_INTERVAL).toBe(3_600_000);
  });

  it('gives the worker its retention periods (400d, 1095d, 365d, 180d, swept hourly), and refuses invalid ones', () => {
    const day = 86_400_000;
    const worker = validateConfig(workerEnvSchema, env);
    expect(
      worker.ok && {
        interval: worker.config.RETENTION_INTERVAL,
        reports: worker.config.RETENTION_REPORTS,
        actions: worker.config.RETENTION_MODERATION_RECORDS,
        reads: worker.config.RETENTION_MODERATION_READS,
        detached: worker.config.RETENTION_DETACHED_REVIEWS,
      },
    ).toEqual({ interval: 3_600_000, reports: 400 * day, actions: 1095 * day, reads: 365 * day, detached: 180 * day });
    const problems = (extra: Record<string, string>) => {
      const result = validateConfig(workerEnvSchema, { ...env, ...extra });
      return result.ok ? [] : result.problems.map((p) => p.split(':')[0]);
    };
    // Reports: not under 367 days (the transparency figures count 12 calendar months of decided reports).
    expect(problems({ RETENTION_REPORTS: '366d' })).toEqual(['RETENTION_REPORTS']);
    expect(problems({ RETENTION_REPORTS: '367d' })).toEqual([]);
    for (const name of ['RETENTION_MODERATION_RECORDS', 'RETENTION_MODERATION_READS', 'RETENTION_DETACHED_REVIEWS'])
      expect(problems({ [name]: '0' })).toEqual([name]);
    expect(problems({ RETENTION_DETACHED_REVIEWS: 'forever', RETENTION_INTERVAL: '10ms' })).toEqual([
      'RETENTION_INTERVAL',
      'RETENTION_DETACHED_REVIEWS',
    ]);
  });

  it('gives the worker port 3003', () => {
    const result = validateConfig(workerEnvSchema, env);
    expect(result.ok && result.config.PORT).toBe(3003);
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://pupitre-rating:p@mongodb-0.mongodb-svc:27017/?replicaSet=mongodb&tls=true',
      REDIS_URL: 'rediss://:p@redis:6379/0',
      AUTH_JWKS_URL: 'https://pupitre.example.org/auth/.well-known/jwks.json',
      SECURITY_LOG_KEY: 'k'.repeat(32),
      MODERATION_KEY_SECRET: 'm'.repeat(32),
    };

    it('fetches the signing keys over https only, and reaches the stores over TLS only', () => {
      expect(validateConfig(ratingEnvSchema, production).ok).toBe(true);
      expect(validateConfig(ratingEnvSchema, { ...production, AUTH_JWKS_URL: 'http://auth/auth/.well-known/jwks.json' })).toEqual({
        ok: false,
        problems: ['AUTH_JWKS_URL: must be an https URL in production, got "http://auth/auth/.well-known/jwks.json"'],
      });
      expect(validateConfig(ratingEnvSchema, { ...production, MONGODB_URI: 'mongodb://h:27017/' })).toEqual({
        ok: false,
        problems: ['MONGODB_URI: must use TLS in production (tls=true, or mongodb+srv://), got "mongodb://h:27017/"'],
      });
      const { AUTH_JWKS_URL: _omitted, SECURITY_LOG_KEY: _k, MODERATION_KEY_SECRET: _m, ...worker } = production;
      expect(validateConfig(workerEnvSchema, worker).ok).toBe(true);
      expect(validateConfig(workerEnvSchema, { ...worker, REDIS_URL: 'redis://redis:6379' })).toMatchObject({
        ok: false,
        problems: ['REDIS_URL: must use TLS in production (rediss://), got "redis://redis:6379"'],
      });
    });

    it('serves no Swagger UI unless API_DOCS=true; locally it does', () => {
      const docsOf = (e: Record<string, string>) => {
        const r = validateConfig(ratingEnvSchema, e);
        if (!r.ok) throw new Error(r.problems.join('\n'));
        return ratingAppOptions(r.config).docs?.path;
      };
      expect(docsOf(production)).toBeUndefined();
      expect(docsOf({ ...production, API_DOCS: 'true' })).toBe('/api/docs');
      expect(docsOf(env)).toBe('/api/docs');
      expect(docsOf({ ...env, API_DOCS: 'false' })).toBeUndefined();
    });
  });
});
