import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  MODERATION_EVENTS_QUEUE,
  OBJECTION_DECIDED_JOB,
  objectionDecidedEventSchema,
  REPORT_DECIDED_JOB,
  reportDecidedEventSchema,
  TEACHER_INVITED_JOB,
  teacherInvitedEventSchema,
} from '@pupitre/contracts';
import { APP_CONFIG, closeWorker, createQueueConnection } from '@pupitre/server-kit';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { type z } from 'zod';
import { type AuthConfig } from '../../config/auth-config';
import { NoticesService } from '../notices/notices.service';
import { TeacherInvitations } from '../teachers/teacher-invitations.service';

type Handler = (data: unknown) => Promise<unknown>;

/** How long a shutdown waits for the worker's jobs in flight (none while Redis is away: closeWorker). */
const CLOSE_GRACE_MS = 5000;

/**
 * Consumes `moderation-events` (produced by the rating service, same QUEUE_PREFIX): what moderators
 * decided that needs an e-mail address or an account, which only this service holds. Each job name
 * has a payload schema (contracts events.ts) and a handler; an invalid payload or an unknown name
 * fails for good, anything else is retried by BullMQ. Every replica consumes; handlers are
 * idempotent.
 */
@Injectable()
export class ModerationEventsWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ModerationEvents');
  private worker?: Worker;
  private connection?: Redis;
  private closing = false;
  private readonly handlers = new Map<string, Handler>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(NoticesService) notices: NoticesService,
    @Inject(TeacherInvitations) invitations: TeacherInvitations,
  ) {
    this.on(REPORT_DECIDED_JOB, reportDecidedEventSchema, (event) => notices.reportDecided(event));
    this.on(TEACHER_INVITED_JOB, teacherInvitedEventSchema, (event) => invitations.invite(event));
    this.on(OBJECTION_DECIDED_JOB, objectionDecidedEventSchema, (event) => notices.objectionDecided(event));
  }

  /** Registers the handler of a job name. */
  on<S extends z.ZodType>(name: string, schema: S, handle: (event: z.output<S>) => Promise<unknown>): void {
    this.handlers.set(name, async (data) => {
      const event = schema.safeParse(data);
      if (!event.success) throw new UnrecoverableError(`invalid ${name} payload: ${event.error.message}`);
      return handle(event.data);
    });
  }

  onApplicationBootstrap(): void {
    this.connection = createQueueConnection(this.config.REDIS_URL);
    // The worker (and the blocking connection BullMQ opens beside this one) starts once Redis
    // answers: while it is out of reach the service runs and reports it (readiness 503), and a
    // shutdown has nothing to wait for.
    if (this.connection.status === 'ready') this.start();
    else this.connection.once('ready', () => this.start());
  }

  private start(): void {
    if (this.worker || this.closing || !this.connection) return;
    this.worker = new Worker(MODERATION_EVENTS_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 4,
    });
    this.worker.on('error', (err) => this.logger.warn({ msg: 'worker connection error', error: err.message }));
    // Not the job id: a report-decided job's id holds the reporter's account (docs/threat-model.md).
    this.worker.on('failed', (job, err) =>
      this.logger.error({ msg: 'job failed', job: job?.name, attempt: job?.attemptsMade, error: err.message }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.worker && this.connection) await closeWorker(this.worker, this.connection, (line) => this.logger.warn(line), CLOSE_GRACE_MS);
    this.connection?.disconnect();
  }

  private async run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`unknown job ${job.name} on ${MODERATION_EVENTS_QUEUE}`);
    return handler(job.data);
  }
}
