import { Logger, type Provider } from '@nestjs/common';
import { APP_CONFIG, createQueueConnection } from '@pupitre/server-kit';
import { Queue } from 'bullmq';
import { type Redis } from 'ioredis';
import { type RatingConfig } from '../../config/rating-config';
import { REVIEW_PUBLICATION_QUEUE } from './review-publication.queue';

export const PUBLICATION_REDIS = Symbol('PUBLICATION_REDIS');
export const PUBLICATION_QUEUE = Symbol('PUBLICATION_QUEUE');

/** The producer's own ioredis connection (`maxRetriesPerRequest: null`, as BullMQ requires). */
export const publicationRedisProvider: Provider = {
  provide: PUBLICATION_REDIS,
  inject: [APP_CONFIG],
  useFactory: (config: RatingConfig) => createQueueConnection(config.REDIS_URL),
};

/** The producer side of `review-publication`. */
export const publicationQueueProvider: Provider = {
  provide: PUBLICATION_QUEUE,
  inject: [APP_CONFIG, PUBLICATION_REDIS],
  useFactory: (config: RatingConfig, connection: Redis) => {
    const logger = new Logger('PublicationQueue');
    const queue = new Queue(REVIEW_PUBLICATION_QUEUE, {
      connection,
      prefix: config.QUEUE_PREFIX,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    });
    // Without a listener an `error` event would crash the process; Redis outages show in /readyz.
    queue.on('error', (err) => logger.warn({ msg: 'queue connection error', error: err.message }));
    return queue;
  },
};
