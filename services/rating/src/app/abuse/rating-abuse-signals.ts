import { Inject, Injectable } from '@nestjs/common';
import { AbuseSignals, APP_CONFIG, MetricsRegistry, REDIS_COMMANDS } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type RatingConfig } from '../../config/rating-config';

/** The rating API's abuse signals (mass reporting of one teacher, review-id probing): docs/security/abuse-monitoring.md. */
@Injectable()
export class RatingAbuseSignals extends AbuseSignals {
  constructor(
    @Inject(APP_CONFIG) config: RatingConfig,
    @Inject(MetricsRegistry) metrics: MetricsRegistry,
    @Inject(REDIS_COMMANDS) redis: Redis,
  ) {
    super(
      redis,
      metrics,
      { 'mass-reporting': config.ABUSE_REPORTS_PER_TEACHER, 'review-probing': config.ABUSE_REVIEW_404S_PER_ACCOUNT },
      config.QUEUE_PREFIX,
    );
  }
}
