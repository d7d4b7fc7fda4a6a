import { z } from 'zod';
import { baseServiceEnv, checkStoreTransport, durationField, flagField, intRangeField, positiveIntField } from '@pupitre/server-kit';
import { refuseWeakTimings } from './rating-config';
import { queueEnv } from './queue-env';
import { refuseBadReleases, releaseEnv } from './release-env';

const DAY_MS = 86_400_000;

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
     * each), and the most it opens (a job beyond waits for one). Measured, 1,000 publications due at once (docs/services/benchmarks.md,
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
    // Retention (docs/security/retention.md): the reconciler's retention sweep (worker/retention/retention-sweep.ts) deletes
    // what is older than these, once per RETENTION_INTERVAL over all the workers.
    /** How often the retention sweep runs (one worker of all, on a timer claimed on the database). */
    RETENTION_INTERVAL: durationField('1h').refine((ms) => ms >= 1000, { message: 'must be at least 1s' }),
    /**
     * A decided report (its reporter's link and words) is deleted this long after its decision; an open one is kept until
     * decided. At least 367 days: the transparency page counts the decisions of 12 calendar months from the reports.
     */
    RETENTION_REPORTS: durationField('400d').refine((ms) => ms >= 367 * DAY_MS, {
      message: 'must be at least 367d (the transparency figures count the decided reports of the last 12 calendar months)',
    }),
    /** A moderator's action (`moderation_actions`) is deleted this long after it was taken. */
    RETENTION_MODERATION_RECORDS: durationField('1095d').refine((ms) => ms > 0, { message: 'must be longer than 0' }),
    /** A moderator's read of the queue (`moderation_reads`) is deleted this long after it. */
    RETENTION_MODERATION_READS: durationField('365d').refine((ms) => ms > 0, { message: 'must be longer than 0' }),
    /**
     * A review whose author erased their account and that is not public is deleted once detached, and unchanged, this long;
     * a public one stays (anonymous content).
     */
    RETENTION_DETACHED_REVIEWS: durationField('180d').refine((ms) => ms > 0, { message: 'must be longer than 0' }),
  })
  .superRefine((env, ctx) => {
    if (env.MONGODB_MIN_POOL_SIZE > env.MONGODB_MAX_POOL_SIZE)
      ctx.addIssue({ code: 'custom', path: ['MONGODB_MIN_POOL_SIZE'], message: 'must not exceed MONGODB_MAX_POOL_SIZE' });
    checkStoreTransport(env, ctx);
    refuseWeakTimings(env, ctx);
    refuseBadReleases(env, ctx);
    const bound = publicationLatenessBoundMs(env);
    if (bound > PUBLICATION_LATENESS_MAX_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['RECONCILE_GRACE'],
        message: `RECONCILE_GRACE + 1.5 × RECONCILE_INTERVAL is ${bound / 1000} s: a review whose job is lost (Redis out) would be published more than 2 minutes late`,
      });
  });

/** The most a review may be late past its time when its job is lost (Redis out, even for good): 2 minutes. */
export const PUBLICATION_LATENESS_MAX_MS = 120_000;

/**
 * How late the reconciler validates a review whose job is lost, at most (plus its pass's own time): a task is taken once
 * RECONCILE_GRACE past its time, and one worker of all runs a pass per RECONCILE_INTERVAL, each worker ticking twice an
 * interval, so passes are at most 1.5 intervals apart (defaults: 60 + 45 = 105 s). Its release is the one its author was
 * told, made in the same pass when already past (reconciler.ts).
 */
export const publicationLatenessBoundMs = (env: { RECONCILE_GRACE: number; RECONCILE_INTERVAL: number }): number =>
  env.RECONCILE_GRACE + 1.5 * env.RECONCILE_INTERVAL;

export type WorkerConfig = z.output<typeof workerEnvSchema>;
