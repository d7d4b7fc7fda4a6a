import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { type DatabaseSettings } from './database/mongoose-options';
import { type HealthOptions } from './health/dependency-probes';
import { HealthModule } from './health/health.module';
import { configureSecurityLog } from './logging/security-log';
import { MetricsModule } from './metrics/metrics.module';

export interface PlatformOptions {
  /** The validated configuration, injectable as APP_CONFIG. */
  config: object;
  /** Metrics `service` label: `auth`, `rating`, `rating-worker`. */
  metricsName: string;
  database: DatabaseSettings;
  health: HealthOptions;
}

/** What every service process has: its config, its database, /healthz, /readyz, /metrics and the summary. */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    configureSecurityLog((options.config as { SECURITY_LOG_KEY?: string }).SECURITY_LOG_KEY);
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(options.config),
        DatabaseModule.forRoot(options.database, options.metricsName),
        MetricsModule.forRoot(options.metricsName),
        HealthModule.forRoot(options.health),
      ],
    };
  }
}
