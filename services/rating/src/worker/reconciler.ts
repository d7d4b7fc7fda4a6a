import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { EventRelay } from '../app/moderation/event-relay';
import { Publisher } from '../app/publication/publisher';
import { type WorkerConfig } from '../config/worker-config';
import { TransparencyFigures } from './transparency/transparency-figures';

// Validates reviews overdue by RECONCILE_GRACE (lost jobs), relays the outbox and computes the transparency figures when due.
// The database is the truth; the queue only the clock.
@Injectable()
export class Reconciler {
  private readonly logger = new Logger('Reconciler');
  private running?: Promise<{ published: number; done: number }>;

  constructor(
    @Inject(Publisher) private readonly publisher: Publisher,
    @Inject(EventRelay) private readonly relay: EventRelay,
    @Inject(TransparencyFigures) private readonly transparency: TransparencyFigures,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  run(): Promise<{ published: number; done: number }> {
    // One pass at a time per process (the timer and the job may meet).
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<{ published: number; done: number }> {
    const result = await this.publisher.reconcile(this.config.RECONCILE_GRACE);
    if (result.published) this.logger.log({ msg: 'reconciled overdue reviews', ...result });
    await this.relay
      .relay(this.config.RECONCILE_GRACE)
      .catch((err: Error) => this.logger.warn({ msg: 'outbox relay failed', error: err.message }));
    await this.transparency
      .refreshIfDue()
      .catch((err: Error) => this.logger.warn({ msg: 'transparency figures failed', error: err.message }));
    return result;
  }
}
