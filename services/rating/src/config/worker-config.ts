import { z } from 'zod';
import { baseServiceEnv, durationField, flagField, intRangeField, positiveIntField } from '@pupitre/server-kit';
import { refuseWeakTimings } from './rating-config';
import { queueEnv } from './queue-env';
import { refuseBadReleases, releaseEnv } from './release-env';

/** Environment of the rating worker (src/worker.ts); PORT serves /healthz, /readyz and /metrics only. */
export const workerEnvSchema = z
  .object({
    ...baseServiceEnv({ port: 3003, database: 'pupitre_rating' }),
    NODE_ENV: z.string().default('development'),
    ...queueEnv,
    ...releaseEnv,
    /** Allows a release schedule of `every <duration>` (the local stack and the tests only; refused in production). */
    DEVELOPMENT_TIMINGS: flagField(),
    WORKER_CONCURRENCY: positiveIntField(128),
    /**
     * Database connections opened at start and kept, so that a burst of publications opens none mid-burst (one authentication
     * each), and the most it opens (a job beyond waits for one). Measured, 1,000 publications due at once (services/README.md,
     * run 6): p99 stored 6.3 / 6.8 / 6.1 s at 24 and 24, 5.7 / 6.1 / 5.8 s at 100, 6.6 / 7.8 / 6.0 s with an empty pool.
     */
    MONGODB_MIN_POOL_SIZE: intRangeField(0, 100, 24),
    MONGODB_MAX_POOL_SIZE: intRangeField(1, 100, 24),
    /** How often the reconciler (a timer on the database, one worker a pass) looks for overdue reviews. */
    RECONCILE_INTERVAL: durationField('30s'),
    /** A pending review this late past its publication time is published by the reconciler. */
    RECONCILE_GRACE: durationField('1m'),
    /** How often the transparency figures are computed again from the reviews (a pass over the collection). */
    TRANSPARENCY_INTERVAL: durationField('1h'),
    /** How often the repeatable `erase-delisted` job erases the delisted teachers whose retention period is over. */
    ERASURE_INTERVAL: durationField('1h').refine((ms) => ms >= 1000, { message: 'must be at least 1s' }),
  })
  .superRefine((env, ctx) => {
    if (env.MONGODB_MIN_POOL_SIZE > env.MONGODB_MAX_POOL_SIZE)
      ctx.addIssue({ code: 'custom', path: ['MONGODB_MIN_POOL_SIZE'], message: 'must not exceed MONGODB_MAX_POOL_SIZE' });
    refuseWeakTimings(env, ctx);
    refuseBadReleases(env, ctx);
  });

export type WorkerConfig = z.output<typeof workerEnvSchema>;
