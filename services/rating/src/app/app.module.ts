import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, RedisCommandsModule, TrustProxy } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type RatingConfig } from '../config/rating-config';
import { AuthModule } from './auth/auth.module';
import { DataModule } from './data/data.module';
import { FeaturesModule } from './features.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';

@Module({})
export class AppModule {
  static forRoot(config: RatingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          config,
          metricsName: 'rating',
          database: { uri: config.MONGODB_URI, dbName: config.MONGODB_DB, maxPoolSize: config.MONGODB_MAX_POOL_SIZE },
          health: { service: 'rating', summaryPath: '/api/health', redisUrl: config.REDIS_URL, version, readyWithout: ['redis'] },
        }),
        RedisCommandsModule,
        DataModule,
        AuthModule,
        RateLimitsModule,
        FeaturesModule,
      ],
      providers: [TrustProxy],
    };
  }
}
