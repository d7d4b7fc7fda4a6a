import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type AuthConfig } from '../config/auth-config';

/**
 * Root module of the auth service. Features (accounts, tokens, mail, OAuth) get a folder each
 * under src/app/ and are imported here.
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
          health: { service: 'auth', summaryPath: '/auth/health', redisUrl: config.REDIS_URL, version },
        }),
      ],
    };
  }
}
