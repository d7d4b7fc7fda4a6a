import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AbuseSignals, APP_CONFIG, createCommandConnection, MetricsRegistry } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type RatingConfig } from '../../config/rating-config';

/** The rating API's abuse signals (mass reporting of one teacher, review-id probing): docs/security/abuse-monitoring.md. */
@Injectable()
export class RatingAbuseSignals extends AbuseSignals implements OnApplicationShutdown {
  private readonly connection: Redis;

  constructor(@Inject(APP_CONFIG) config: RatingConfig, @Inject(MetricsRegistry) metrics: MetricsRegistry) {
    const logger = new Logger('AbuseSignals');
    const redis = createCommandConnection(config.REDIS_URL, (err) => logger.debug?.({ msg: 'redis connection error', error: err.message }));
    super(
      redis,
      metrics,
      { 'mass-reporting': config.ABUSE_REPORTS_PER_TEACHER, 'review-probing': config.ABUSE_REVIEW_404S_PER_ACCOUNT },
      config.QUEUE_PREFIX,
    );
    this.connection = redis;
  }

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}
