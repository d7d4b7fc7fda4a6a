import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, RedisCommandsModule } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type AuthConfig } from '../config/auth-config';
import { AuthModule } from './auth.module';

/**
 * Root module of the auth service: the platform (config, database, health, metrics) and the auth
 * features (src/app/auth.module.ts: accounts, e-mailed links, tokens, Google sign-in).
 */
@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          config,
          metricsName: 'auth',
          database: { uri: config.MONGODB_URI, dbName: config.MONGODB_DB },
          health: { service: 'auth', summaryPath: '/auth/health', redisUrl: config.REDIS_URL, version, readyWithout: ['redis'] },
        }),
        RedisCommandsModule,
        AuthModule,
      ],
    };
  }
}
