import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, createQueueConnection } from '@pupitre/server-kit';
import { type Job, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { REVIEW_PUBLICATION_QUEUE } from '../app/publication/review-publication.queue';
import { type WorkerConfig } from '../config/worker-config';
import { JobDispatcher } from './handlers/job-dispatcher';

/**
 * Consumes `review-publication`. Starts once the application is up; on shutdown (SIGTERM) it stops
 * taking jobs and waits for the running ones (`worker.close()`) before the database closes.
 */
@Injectable()
export class PublicationWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PublicationWorker');
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
    @Inject(JobDispatcher) private readonly dispatcher: JobDispatcher,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createQueueConnection(this.config.REDIS_URL);
    this.worker = new Worker(REVIEW_PUBLICATION_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.config.WORKER_CONCURRENCY,
    });
    this.worker.on('error', (err) => this.logger.warn({ msg: 'worker connection error', error: err.message }));
    this.worker.on('failed', (job, err) =>
      this.logger.error({ msg: 'job failed', jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, error: err.message }),
    );
    this.logger.log({ msg: `consuming ${REVIEW_PUBLICATION_QUEUE}`, handlers: this.dispatcher.names, concurrency: this.config.WORKER_CONCURRENCY });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.worker) {
      this.logger.log({ msg: 'draining: waiting for running jobs' });
      await this.worker.close();
    }
    this.connection?.disconnect();
  }

  private async run(job: Job): Promise<unknown> {
    const started = Date.now();
    const result = await this.dispatcher.dispatch(job);
    this.logger.log({ msg: 'job done', jobId: job.id, job: job.name, ms: Date.now() - started, lateMs: started - job.timestamp - (job.opts.delay ?? 0) });
    return result;
  }
}
