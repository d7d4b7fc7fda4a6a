import { type Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { securityEvent } from '../logging/security-log';
import { type MetricsRegistry } from '../metrics/metrics.registry';
import { withRedisTimeout } from '../redis/redis-connection';
import { type Rate, RedisRateLimiter } from '../throttle/redis-rate-limiter';

/**
 * Unusual activity worth a look (docs/security/abuse-monitoring.md):
 * - `mass-reporting`: many reports on one teacher's reviews (a campaign to take them down);
 * - `signup-burst`: many sign-ups from one client address (a teacher making accounts to vote or report);
 * - `review-probing`: many 404s on review ids from one account (walking ids to learn what exists).
 */
export type AbuseKind = 'mass-reporting' | 'signup-burst' | 'review-probing';

const METRIC = 'pupitre_abuse_signals_total';

/**
 * Counts events per kind and subject in fixed windows shared by every replica (Redis, keys hashed: a
 * subject may be an address); the event that takes a subject past its rate, once per window, fires
 * the signal: `pupitre_abuse_signals_total{kind}` and an `abuse-suspected` line in the security log,
 * which names the kind and `fields` (an `account` is logged as its keyed hash; an address never). Nothing is refused: the limits that refuse live elsewhere. Redis
 * down or slow: the event is not counted, the request goes on.
 */
export class AbuseSignals {
  private readonly counter: Counter<'kind'>;
  private readonly windows: RedisRateLimiter;

  constructor(
    redis: Redis,
    metrics: MetricsRegistry,
    private readonly rates: Partial<Record<AbuseKind, Rate>>,
    prefix: string,
  ) {
    this.windows = new RedisRateLimiter(redis, `${prefix}:abuse`);
    const known = metrics.registry.getSingleMetric(METRIC) as Counter<'kind'> | undefined;
    this.counter =
      known ??
      new Counter({
        name: METRIC,
        help: 'Unusual activity seen: a subject past its rate in one window (kind: mass-reporting, signup-burst, review-probing)',
        labelNames: ['kind'],
        registers: [metrics.registry],
      });
    // Every kind shows, at 0, from the start: an alert on increase() needs the series to exist.
    for (const kind of Object.keys(rates) as AbuseKind[]) this.counter.inc({ kind }, 0);
  }

  /** One event of `kind` about `subject`; true when it fired the signal. */
  async observe(
    kind: AbuseKind,
    subject: string,
    fields: { account?: string | null } & Record<string, string | number | null> = {},
  ): Promise<boolean> {
    const rate = this.rates[kind];
    if (!rate) return false;
    let count: number;
    try {
      ({ count } = await withRedisTimeout(this.windows.hit(kind, subject, rate)));
    } catch {
      return false;
    }
    if (count !== rate.limit + 1) return false;
    this.counter.inc({ kind });
    securityEvent('abuse-suspected', { kind, limit: rate.limit, windowSeconds: Math.round(rate.windowMs / 1000), ...fields });
    return true;
  }
}
