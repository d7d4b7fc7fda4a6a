import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { APP_CONFIG, closeWorker, createQueueConnection, withReadyRedis } from '@pupitre/server-kit';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { Model } from 'mongoose';
import { JobReceipt } from '../app/data/job-receipt.schema';
import { Publisher } from '../app/publication/publisher';
import {
  releaseJobId,
  REVIEW_PUBLICATION_QUEUE,
  type ReviewPublicationJobName,
  type ReviewPublicationJobs,
} from '../app/publication/review-publication.queue';
import { type WorkerConfig } from '../config/worker-config';
import { DelistedErasureService } from './erasure/delisted-erasure.service';
import { runProbe } from './probe-job';
import { Reconciler } from './reconciler';

/** The reconciler's BullMQ job scheduler of earlier releases, removed at start (the reconciler now runs on the database's clock). */
const LEGACY_RECONCILE_SCHEDULER = 'reconcile-overdue-reviews';
const ERASURE_SCHEDULER = 'erase-delisted-teachers';

type JobHandlers = { [N in ReviewPublicationJobName]: (job: Job<ReviewPublicationJobs[N], unknown, N>) => Promise<unknown> };

// Consumes `review-publication`. Starts once the application is up; on shutdown (SIGTERM) it stops
// taking jobs and waits for the running ones (`closeWorker`: not while Redis is away, 15 s at most) before the database closes.
@Injectable()
export class PublicationWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PublicationWorker');
  private worker?: Worker;
  private connection?: Redis;
  private queue?: Queue;
  private queueConnection?: Redis;
  private watchdog?: NodeJS.Timeout;
  private ticker?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
    @Inject(Publisher) private readonly publisher: Publisher,
    @Inject(Reconciler) private readonly reconciler: Reconciler,
    @Inject(DelistedErasureService) private readonly erasure: DelistedErasureService,
    @InjectModel(JobReceipt.name) private readonly receipts: Model<JobReceipt>,
  ) {}

  /** One handler per job name; an unknown name fails without retries. */
  private readonly handlers: JobHandlers = {
    probe: (job) => runProbe(this.receipts, job),
    'publish-review': async (job) => {
      const { outcome, after } = await this.publisher.validateNow(job.data.reviewId, job.data.version);
      // Its release (a job per release time); one already past (a late job) is made at once.
      if (outcome === 'published')
        await this.scheduleRelease(after?.releaseAt ? new Date(after.releaseAt) : this.publisher.releaseAfter(new Date()));
      return { outcome };
    },
    release: async () => ({ released: await this.publisher.releaseDue() }),
    reconcile: () => this.reconciler.run(), // left by an earlier release's scheduler

    'erase-delisted': () => this.erasure.eraseDue(),
  };

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
    this.logger.log({
      msg: `consuming ${REVIEW_PUBLICATION_QUEUE}`,
      handlers: Object.keys(this.handlers),
      concurrency: this.config.WORKER_CONCURRENCY,
    });

    // The erasure of delisted teachers: a repeatable job (a job scheduler), re-declared by a local watchdog so a Redis that
    // lost its data gets it back. The reconciler runs on the database's clock (reconciler.ts): each worker ticks twice per
    // interval and one takes the pass; one pass at start-up for what came due while no worker ran.
    this.queueConnection = createQueueConnection(this.config.REDIS_URL);
    this.queue = new Queue(REVIEW_PUBLICATION_QUEUE, { connection: this.queueConnection, prefix: this.config.QUEUE_PREFIX });
    this.queue.on('error', (err) => this.logger.warn({ msg: 'queue connection error', error: err.message }));
    this.queueConnection.once('ready', () => void this.scheduleErasure());
    void this.queue.removeJobScheduler(LEGACY_RECONCILE_SCHEDULER).catch(() => undefined); // the reconciler's job of earlier releases
    this.watchdog = setInterval(() => void this.scheduleErasure(), this.config.RECONCILE_INTERVAL);
    this.watchdog.unref();
    this.ticker = setInterval(
      () => void this.reconciler.tick().catch((err: Error) => this.logger.warn({ msg: 'reconciliation failed', error: err.message })),
      Math.max(250, this.config.RECONCILE_INTERVAL / 2),
    );
    this.ticker.unref();
    this.reconciler.run().catch((err: Error) => this.logger.warn({ msg: 'start-up reconciliation failed', error: err.message }));
  }

  /**
   * The release job of `at` (one per release time: its id dedups), so that a release happens at its time; without Redis,
   * the reconciler's next pass releases all the same (a little later).
   */
  private async scheduleRelease(at: Date): Promise<void> {
    try {
      await withReadyRedis(this.queueConnection!, () =>
        this.queue!.add('release', {}, { jobId: releaseJobId(at), delay: Math.max(0, at.getTime() - Date.now()), removeOnComplete: 100 }),
      );
    } catch (err) {
      this.logger.warn({ msg: 'could not queue the release; the reconciler will do it', error: (err as Error).message });
    }
  }

  private async scheduleErasure(): Promise<void> {
    try {
      // Delisted teachers past their retention period (accepted objections) are erased by this one.
      // Not while Redis is away (no call piles up in the offline queue): the watchdog declares it again once it is back.
      if (this.queueConnection?.status !== 'ready') return;
      await this.queue?.upsertJobScheduler(
        ERASURE_SCHEDULER,
        { every: this.config.ERASURE_INTERVAL },
        { name: 'erase-delisted', data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } },
      );
    } catch (err) {
      this.logger.warn({ msg: 'could not schedule the erasure of delisted teachers', error: (err as Error).message });
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.watchdog);
    clearInterval(this.ticker);
    if (this.queueConnection?.status === 'ready') await this.queue?.close().catch(() => undefined);
    this.queueConnection?.disconnect();
    if (this.worker && this.connection) {
      this.logger.log({ msg: 'draining: waiting for running jobs' });
      await closeWorker(this.worker, this.connection, (line) => this.logger.warn(line));
    }
    this.connection?.disconnect();
  }

  private async run(job: Job): Promise<unknown> {
    const started = Date.now();
    if (!Object.hasOwn(this.handlers, job.name))
      throw new UnrecoverableError(`no handler for job "${job.name}" (known: ${Object.keys(this.handlers).join(', ')})`);
    const result = await (this.handlers[job.name as ReviewPublicationJobName] as (job: Job) => Promise<unknown>)(job);
    this.logger.log({
      msg: 'job done',
      jobId: job.id,
      job: job.name,
      ms: Date.now() - started,
      lateMs: started - job.timestamp - (job.opts.delay ?? 0),
    });
    return result;
  }
}
