import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { EventRelay } from '../../app/moderation/event-relay';
import { Publisher } from '../../app/publication/publisher';
import { type WorkerConfig } from '../../config/worker-config';
import { type JobHandler } from '../handlers/job-handler';
import { TransparencyFigures } from '../transparency/transparency-figures';

/**
 * `reconcile` (repeatable, every RECONCILE_INTERVAL): publishes every review overdue by more than
 * RECONCILE_GRACE (its job was lost: worker crash, Redis flushed), then relays the events that
 * moderators' decisions left on the outbox, and computes the transparency figures when due. The database is the source of truth; the queue is only
 * the clock.
 */
@Injectable()
export class ReconcileHandler implements JobHandler<'reconcile'> {
  readonly name = 'reconcile' as const;
  private readonly logger = new Logger('Reconciler');
  private running?: Promise<{ published: number; done: number }>;

  constructor(
    @Inject(Publisher) private readonly publisher: Publisher,
    @Inject(EventRelay) private readonly relay: EventRelay,
    @Inject(TransparencyFigures) private readonly transparency: TransparencyFigures,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  handle(): Promise<{ published: number; done: number }> {
    // One pass at a time per process (the timer and the job may meet).
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<{ published: number; done: number }> {
    const result = await this.publisher.reconcile(this.config.RECONCILE_GRACE);
    if (result.published) this.logger.log({ msg: 'reconciled overdue reviews', ...result });
    // The events of decisions whose process died or met Redis down (the outbox).
    await this.relay
      .relay(this.config.RECONCILE_GRACE)
      .catch((err: Error) => this.logger.warn({ msg: 'outbox relay failed', error: err.message }));
    // The transparency page's monthly figures, again once TRANSPARENCY_INTERVAL has passed.
    await this.transparency
      .refreshIfDue()
      .catch((err: Error) => this.logger.warn({ msg: 'transparency figures failed', error: err.message }));
    return result;
  }
}
