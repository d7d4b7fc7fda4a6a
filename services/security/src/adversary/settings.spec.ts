// Adversary suite (docs/threat-model.md): an operator's setting must not quietly weaken anonymity.
// A class-year group of fewer than 5 reviews singles its authors out, and a validation delay under
// 10 minutes ties a review to the moment it was written. Both are refused at start-up; a shorter
// delay only with the explicit development flag, which production refuses.
import { validateConfig } from '@pupitre/server-kit';
import { ratingEnvSchema } from '../../../rating/src/config/rating-config';

const env = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTH_JWKS_URL: 'http://127.0.0.1:3001/auth/.well-known/jwks.json',
};
const problems = (extra: Record<string, string>) => {
  const result = validateConfig(ratingEnvSchema, { ...env, ...extra });
  return result.ok ? [] : result.problems.map((p) => p.split(':')[0]);
};

describe('settings that would weaken anonymity', () => {
  it('refuses class-year groups of fewer than 5 reviews', () => {
    expect(['1', '4'].map((min) => problems({ YEAR_GROUP_MIN_REVIEWS: min }))).toEqual([
      ['YEAR_GROUP_MIN_REVIEWS'],
      ['YEAR_GROUP_MIN_REVIEWS'],
    ]);
    expect(problems({ YEAR_GROUP_MIN_REVIEWS: '5' })).toEqual([]);
  });

  it('refuses a validation delay under 10 minutes, 0 included, unless the development flag is set', () => {
    expect(['0', '2s', '9m'].map((d) => problems({ REVIEW_VALIDATION_DELAY: d }))).toEqual([
      ['REVIEW_VALIDATION_DELAY'],
      ['REVIEW_VALIDATION_DELAY'],
      ['REVIEW_VALIDATION_DELAY'],
    ]);
    expect(problems({ REVIEW_VALIDATION_DELAY: '10m' })).toEqual([]);
    expect(problems({ REVIEW_VALIDATION_DELAY: '2s', DEVELOPMENT_TIMINGS: 'true' })).toEqual([]);
  });

  it('refuses the development flag in production, and anything but true or false', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        // Production's connections (TLS, https): the development flag is the one problem.
        MONGODB_URI: 'mongodb://h:27017/?tls=true',
        REDIS_URL: 'rediss://h:6379',
        AUTH_JWKS_URL: 'https://pupitre.example.org/auth/.well-known/jwks.json',
        MODERATION_KEY_SECRET: 'x'.repeat(32),
        SECURITY_LOG_KEY: 'k'.repeat(32),
        DEVELOPMENT_TIMINGS: 'true',
      }),
    ).toEqual(['DEVELOPMENT_TIMINGS']);
    expect(problems({ DEVELOPMENT_TIMINGS: 'yes' })).toEqual(['DEVELOPMENT_TIMINGS']);
  });
});
