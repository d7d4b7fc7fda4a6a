import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { USER_ERASED_JOB, USER_EVENTS_QUEUE, userErasedEventSchema } from '@pupitre/contracts';
import { APP_CONFIG, closeWorker, createQueueConnection } from '@pupitre/server-kit';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { type WorkerConfig } from '../../config/worker-config';
import { UserErasureService } from './user-erasure.service';

/** Consumes `user-events` (produced by the auth service, same QUEUE_PREFIX): `user-erased` jobs. */
@Injectable()
export class UserEventsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('UserEventsWorker');
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
    @Inject(UserErasureService) private readonly erasure: UserErasureService,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createQueueConnection(this.config.REDIS_URL);
    this.worker = new Worker(USER_EVENTS_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 1,
    });
    this.worker.on('error', (err) => this.logger.warn({ msg: 'worker connection error', error: err.message }));
    this.worker.on('failed', (job, err) => this.logger.error({ msg: 'job failed', jobId: job?.id, job: job?.name, error: err.message }));
    this.logger.log({ msg: `consuming ${USER_EVENTS_QUEUE}` });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.worker && this.connection) await closeWorker(this.worker, this.connection, (line) => this.logger.warn(line));
    this.connection?.disconnect();
  }

  private async run(job: Job): Promise<unknown> {
    if (job.name !== USER_ERASED_JOB) throw new UnrecoverableError(`unknown job ${job.name} on ${USER_EVENTS_QUEUE}`);
    const event = userErasedEventSchema.safeParse(job.data);
    if (!event.success) throw new UnrecoverableError(`invalid ${USER_ERASED_JOB} payload: ${event.error.message}`);
    return this.erasure.erase(event.data);
  }
}
