import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import { createCommandConnection } from './redis-connection';

/**
 * The process's one Redis connection for commands (rate limits, session checks, abuse counters, one-time codes): shared by
 * every feature that needs one, so a replica holds one command connection, not one per feature. Commands fail fast when
 * Redis is down (createCommandConnection).
 */
export const REDIS_COMMANDS = Symbol('REDIS_COMMANDS');

const redisCommandsProvider: Provider = {
  provide: REDIS_COMMANDS,
  inject: [APP_CONFIG],
  useFactory: (config: { REDIS_URL: string }) => {
    const logger = new Logger('Redis');
    return createCommandConnection(config.REDIS_URL, (err) => logger.debug?.({ msg: 'redis connection error', error: err.message }));
  },
};

/** Closes the shared connection when the application shuts down. */
@Injectable()
class RedisCommandsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS_COMMANDS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/** Provides REDIS_COMMANDS to the whole application (imported once, by the root module). */
@Global()
@Module({ providers: [redisCommandsProvider, RedisCommandsLifecycle], exports: [REDIS_COMMANDS] })
export class RedisCommandsModule {}
