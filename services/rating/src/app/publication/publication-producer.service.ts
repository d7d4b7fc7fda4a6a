import { withRedisTimeout } from '@pupitre/server-kit';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Queue } from 'bullmq';
import { type Redis } from 'ioredis';
import { PUBLICATION_QUEUE, PUBLICATION_REDIS } from './publication-queue.provider';
import { type ReviewPublicationJobName, type ReviewPublicationJobs } from './review-publication.queue';

export interface EnqueueOptions {
  /** Milliseconds before the job may run. */
  delayMs?: number;
  /** Idempotency key: a second job with the same id is not added while the first exists. */
  jobId?: string;
}

/** Adds jobs to `review-publication`; the worker process runs them. */
@Injectable()
export class PublicationProducer implements OnApplicationShutdown {
  constructor(
    @Inject(PUBLICATION_QUEUE) private readonly queue: Queue,
    @Inject(PUBLICATION_REDIS) private readonly connection: Redis,
  ) {}

  async enqueue<N extends ReviewPublicationJobName>(
    name: N,
    data: ReviewPublicationJobs[N],
    options: EnqueueOptions = {},
  ): Promise<string> {
    // Redis down or paused: DependencyUnavailableError within a second (the reconciler queues it later).
    const job = await withRedisTimeout(this.queue.add(name, data, { delay: options.delayMs, jobId: options.jobId }));
    return job.id ?? '';
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.connection.status === 'ready') await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
