import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createQueueConnection, withReadyRedis } from '@pupitre/server-kit';
import { Queue } from 'bullmq';
import { type RatingConfig } from '../../config/rating-config';
import {
  publicationJobId,
  REVIEW_PUBLICATION_QUEUE,
  type ReviewPublicationJobName,
  type ReviewPublicationJobs,
} from './review-publication.queue';

/**
 * Adds jobs to `review-publication` (its own ioredis connection, as BullMQ requires); the worker process runs them. While the
 * connection is not ready no `add` is started (nothing waits in an offline queue): the to-do list covers the job.
 */
@Injectable()
export class PublicationProducer implements OnApplicationShutdown {
  private readonly logger = new Logger('PublicationQueue');
  private readonly connection: ReturnType<typeof createQueueConnection>;
  private readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: RatingConfig) {
    this.connection = createQueueConnection(config.REDIS_URL, { enableOfflineQueue: false });
    this.queue = new Queue(REVIEW_PUBLICATION_QUEUE, {
      connection: this.connection,
      prefix: config.QUEUE_PREFIX,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    });
    // Without a listener an `error` event would crash the process; Redis outages show in /readyz.
    this.queue.on('error', (err) => this.logger.warn({ msg: 'queue connection error', error: err.message }));
  }

  /** `jobId`: a second job with the same id is not added while the first exists. */
  async enqueue<N extends ReviewPublicationJobName>(
    name: N,
    data: ReviewPublicationJobs[N],
    options: { delayMs?: number; jobId?: string } = {},
  ): Promise<string> {
    // Redis down or reconnecting: DependencyUnavailableError at once, nothing started; paused: within a second.
    const job = await withReadyRedis(this.connection, () => this.queue.add(name, data, { delay: options.delayMs, jobId: options.jobId }));
    return job.id ?? '';
  }

  // Queues the validation of a review version (or of its reply: `jobSuffix`) for `publishAt`. Redis
  // down: logged only, the to-do list written before lets the reconciler run it.
  async schedule(reviewId: number, version: number, publishAt: Date, jobSuffix = ''): Promise<void> {
    const delayMs = Math.max(0, publishAt.getTime() - Date.now());
    const jobId = publicationJobId(reviewId, version) + jobSuffix;
    try {
      await this.enqueue('publish-review', { reviewId, version }, { delayMs, jobId });
    } catch (err) {
      this.logger.warn({ msg: 'could not queue the publication job; the reconciler will run it', reviewId, error: (err as Error).message });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.connection.status === 'ready') await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
