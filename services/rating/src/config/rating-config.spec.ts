import { validateConfig } from '@pupitre/server-kit';
import { ratingEnvSchema } from './rating-config';
import { workerEnvSchema } from './worker-config';

const env = { MONGODB_URI: 'mongodb://127.0.0.1:27017/', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('rating configuration', () => {
  it('has the documented defaults', () => {
    const result = validateConfig(ratingEnvSchema, env);
    expect(result.ok && result.config).toMatchObject({
      PORT: 3002,
      MONGODB_DB: 'pupitre_rating',
      REVIEW_VALIDATION_DELAY: 600_000,
      RANKING_MIN_REVIEWS: 3,
      QUEUE_PREFIX: 'bull',
    });
  });

  it('reads the validation delay as a duration', () => {
    const result = validateConfig(ratingEnvSchema, { ...env, REVIEW_VALIDATION_DELAY: '2s' });
    expect(result.ok && result.config.REVIEW_VALIDATION_DELAY).toBe(2000);
  });

  it('names invalid variables', () => {
    const result = validateConfig(ratingEnvSchema, { ...env, RANKING_MIN_REVIEWS: '0', REVIEW_VALIDATION_DELAY: 'later' });
    expect(!result.ok && result.problems.map((p) => p.split(':')[0]).sort()).toEqual(['RANKING_MIN_REVIEWS', 'REVIEW_VALIDATION_DELAY']);
  });

  it('gives the worker port 3003', () => {
    const result = validateConfig(workerEnvSchema, env);
    expect(result.ok && result.config.PORT).toBe(3003);
  });
});
