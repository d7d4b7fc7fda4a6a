import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { APP_CONFIG, createQueueConnection, REDIS_COMMANDS } from '@pupitre/server-kit';
import { USER_EVENTS_QUEUE } from '@pupitre/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type AuthConfig } from '../../config/auth-config';

/** Redis for throttling counters, sessions, OAuth state and one-time codes: the process's shared command connection. */
export const AUTH_REDIS = Symbol('AUTH_REDIS');
/** Producer side of the `user-events` queue (consumed by the rating worker). */
export const USER_EVENTS = Symbol('USER_EVENTS');

export const authRedisProvider: Provider = { provide: AUTH_REDIS, useExisting: REDIS_COMMANDS };

export const userEventsQueueProvider: Provider = {
  provide: USER_EVENTS,
  inject: [APP_CONFIG],
  useFactory: (config: AuthConfig) => {
    const logger = new Logger('UserEventsQueue');
    const connection = createQueueConnection(config.REDIS_URL);
    const queue = new Queue(USER_EVENTS_QUEUE, {
      connection,
      prefix: config.QUEUE_PREFIX,
      defaultJobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    });
    queue.on('error', (err) => logger.warn({ msg: 'queue connection error', error: err.message }));
    // BullMQ does not close a connection it was given: RedisLifecycle does.
    queueConnections.set(queue, connection);
    return queue;
  },
};

const queueConnections = new WeakMap<Queue, Redis>();

/** Closes the queue's connection on shutdown (RedisCommandsModule closes the command connection). */
@Injectable()
export class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(USER_EVENTS) private readonly queue: Queue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    queueConnections.get(this.queue)?.disconnect();
  }
}
