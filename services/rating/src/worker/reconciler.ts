import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { IntervalClaims } from '../app/data/interval-claims';
import { EventRelay } from '../app/moderation/event-relay';
import { Publisher } from '../app/publication/publisher';
import { type WorkerConfig } from '../config/worker-config';
import { TransparencyFigures } from './transparency/transparency-figures';
import { ClassBreakdowns } from './breakdown/class-breakdowns';

// Releases the approved reviews whose release time came (publisher.ts), validates reviews overdue by RECONCILE_GRACE (lost jobs),
// relays the outbox and computes the transparency figures when due.
// The database is the truth and its own clock: each worker ticks (`tick`), one takes the pass per RECONCILE_INTERVAL by a
// compare-and-set on the database (interval-claims.ts). No Redis: a Redis that is down, flushed, or leaves BullMQ's worker
// wedged (a job's lock lost mid-flight) stops no publication, only makes it later by the grace.
@Injectable()
export class Reconciler {
  private readonly logger = new Logger('Reconciler');
  private running?: Promise<{ published: number; done: number }>;

  constructor(
    @Inject(Publisher) private readonly publisher: Publisher,
    @Inject(EventRelay) private readonly relay: EventRelay,
    @Inject(TransparencyFigures) private readonly transparency: TransparencyFigures,
    @Inject(IntervalClaims) private readonly claims: IntervalClaims,
    @Inject(ClassBreakdowns) private readonly breakdowns: ClassBreakdowns,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  /** Runs a pass if this worker takes this interval's (the other workers' ticks find it taken). */
  async tick(now = new Date()): Promise<boolean> {
    if (!(await this.claims.claim('reconcile', now, this.config.RECONCILE_INTERVAL))) return false;
    await this.run();
    return true;
  }

  run(): Promise<{ published: number; done: number }> {
    // One pass at a time per process (the timer and the job may meet).
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<{ published: number; done: number }> {
    const released = await this.publisher.releaseDue();
    if (released) this.logger.log({ msg: 'released reviews', released });
    const result = await this.publisher.reconcile(this.config.RECONCILE_GRACE);
    if (result.published) this.logger.log({ msg: 'reconciled overdue reviews', ...result });
    await this.relay
      .relay(this.config.RECONCILE_GRACE)
      .catch((err: Error) => this.logger.warn({ msg: 'outbox relay failed', error: err.message }));
    await this.breakdowns.freezeIfDue().catch((err: Error) => this.logger.warn({ msg: 'class breakdowns failed', error: err.message }));
    await this.transparency
      .refreshIfDue()
      .catch((err: Error) => this.logger.warn({ msg: 'transparency figures failed', error: err.message }));
    return result;
  }
}
