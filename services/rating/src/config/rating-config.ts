import { z } from 'zod';
import {
  apiDocsEnv,
  baseServiceEnv,
  checkStoreTransport,
  durationField,
  flagField,
  intRangeField,
  positiveIntField,
  rateField,
  requireHttpsInProduction,
  requireSecurityLogKey,
  securityLogEnv,
  trustProxyField,
} from '@pupitre/server-kit';
import { queueEnv } from './queue-env';
import { refuseBadReleases, releaseEnv } from './release-env';

const jwksUrlField = () =>
  z
    .string({ message: 'the auth service JWKS URL, e.g. http://127.0.0.1:3001/auth/.well-known/jwks.json' })
    .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), { message: 'expected an http or https URL' });

export const ratingEnvSchema = z
  .object({
    ...baseServiceEnv({ port: 3002, database: 'pupitre_rating' }),
    NODE_ENV: z.string().default('development'),
    ...securityLogEnv,
    ...apiDocsEnv,
    ...queueEnv,
    ...releaseEnv,
    // The most database connections this process opens (the driver's maxPoolSize; a request beyond waits for one). 20 APIs
    // then open at most 400: services/README.md, "Database connections".
    MONGODB_MAX_POOL_SIZE: intRangeField(1, 100, 20),
    /** Where the auth service publishes its signing keys; tokens are verified locally against it. https in production. */
    AUTH_JWKS_URL: jwksUrlField(),
    /** Minimum time between two fetches of the JWKS (an unknown `kid` triggers one refetch). */
    AUTH_JWKS_COOLDOWN: durationField('30s'),
    /** How long a new or edited review waits for its automatic validation: `10m` at least (DEVELOPMENT_TIMINGS aside). */
    REVIEW_VALIDATION_DELAY: durationField('10m'),
    // Allows timings that weaken anonymity (a validation delay under 10 minutes) for the local stack and the tests only;
    // refused in production. docs/threat-model.md.
    DEVELOPMENT_TIMINGS: flagField(),
    /** Teachers need at least this many published reviews to appear in the ranking. */
    RANKING_MIN_REVIEWS: positiveIntField(3),
    // The weight of open reports at which a review is held until a moderator decides: each report
    // weighs 0 (new account) to 2 (long-standing, reliable reporter), 1 for a 30-day account.
    REPORT_HIDE_THRESHOLD: positiveIntField(3),
    /** Reviews per community category (the `limit` query overrides it, up to 50). */
    COMMUNITY_PER_CATEGORY: positiveIntField(10),
    // How long a teacher delisted by an accepted objection (page, reviews, ranking entry: hidden from
    // every public answer) is kept before the worker erases it: the legal retention period (`365d`, `1h`, `2s`).
    DELISTED_RETENTION: durationField('365d').refine((ms) => ms > 0, { message: 'must be longer than 0' }),
    // The teacher page breaks its reviews down by school level (collège, lycée) only for a level with at least this many
    // reviews: docs/threat-model.md. 5 at least, always: a smaller group singles its authors out.
    YEAR_GROUP_MIN_REVIEWS: intRangeField(5, 1000, 5),
    // Rate limits of every request, reads included (token buckets in Redis): `burst/refill time`, e.g. 120/4m is a burst of
    // 120 requests, then one every 2 s. Browsing fits (BROWSING in the contracts); polling every second does not
    // (docs/threat-model.md).
    RATE_LIMIT_ADDRESS: rateField('120/4m'),
    RATE_LIMIT_ACCOUNT: rateField('120/4m'),
    // Abuse signals (docs/security/abuse-monitoring.md): past this many in the window, a metric and a security-log line; nothing refused.
    ABUSE_REPORTS_PER_TEACHER: rateField('10/1h'),
    ABUSE_REVIEW_404S_PER_ACCOUNT: rateField('20/10m'),
    /** Which proxies' X-Forwarded-For is believed for the client address (`1`: the gateway or Ingress in front), as in auth. */
    TRUST_PROXY: trustProxyField(),
    /** Secret of the moderation console's author keys (HMAC), the same on every replica; required in production, random otherwise. */
    MODERATION_KEY_SECRET: z.string().min(32, { message: 'expected at least 32 characters (openssl rand -hex 32)' }).optional(),
  })
  .superRefine((env, ctx) => {
    requireSecurityLogKey(env, ctx);
    checkStoreTransport(env, ctx);
    requireHttpsInProduction(env, 'AUTH_JWKS_URL', env.AUTH_JWKS_URL, ctx);
    if (env.NODE_ENV === 'production' && !env.MODERATION_KEY_SECRET)
      ctx.addIssue({ code: 'custom', path: ['MODERATION_KEY_SECRET'], message: 'required in production (openssl rand -hex 32)' });
    refuseWeakTimings(env, ctx);
    refuseBadReleases(env, ctx);
  });

/** The shortest validation delay outside development: a shorter one ties a review to the moment it was written. */
export const MIN_VALIDATION_DELAY_MS = 600_000;

/** Timings under the floors only with DEVELOPMENT_TIMINGS=true, and never in production. */
export function refuseWeakTimings(
  env: { NODE_ENV: string; DEVELOPMENT_TIMINGS: boolean; REVIEW_VALIDATION_DELAY?: number },
  ctx: z.RefinementCtx,
): void {
  if (env.DEVELOPMENT_TIMINGS && env.NODE_ENV === 'production')
    ctx.addIssue({ code: 'custom', path: ['DEVELOPMENT_TIMINGS'], message: 'refused in production' });
  if (env.REVIEW_VALIDATION_DELAY !== undefined && env.REVIEW_VALIDATION_DELAY < MIN_VALIDATION_DELAY_MS && !env.DEVELOPMENT_TIMINGS)
    ctx.addIssue({
      code: 'custom',
      path: ['REVIEW_VALIDATION_DELAY'],
      message: 'must be 10m or more (set DEVELOPMENT_TIMINGS=true for a shorter one, never in production)',
    });
}

export type RatingConfig = z.output<typeof ratingEnvSchema>;
