import { Inject, Injectable } from '@nestjs/common';
import { AbuseSignals, APP_CONFIG, MetricsRegistry } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';
import { AUTH_REDIS } from './redis.provider';

/** The auth service's abuse signal: a burst of sign-ups from one client address (docs/security/abuse-monitoring.md). */
@Injectable()
export class AuthAbuseSignals extends AbuseSignals {
  constructor(@Inject(APP_CONFIG) config: AuthConfig, @Inject(AUTH_REDIS) redis: Redis, @Inject(MetricsRegistry) metrics: MetricsRegistry) {
    super(redis, metrics, { 'signup-burst': config.ABUSE_SIGNUPS_PER_ADDRESS }, config.THROTTLE_PREFIX);
  }
}
