import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, MetricsRegistry } from '@pupitre/server-kit';
import { type Counter } from 'prom-client';
import { IntervalClaims } from '../app/data/interval-claims';
import { EventRelay } from '../app/moderation/event-relay';
import { type OverdueResult } from '../app/publication/overdue-tasks';
import { Publisher } from '../app/publication/publisher';
import { reconcileFailures } from './reconcile-metrics';
import { type WorkerConfig } from '../config/worker-config';
import { TransparencyFigures } from './transparency/transparency-figures';
import { ClassBreakdowns } from './breakdown/class-breakdowns';
import { RetentionSweep } from './retention/retention-sweep';

// Releases the approved reviews whose release time came (publisher.ts), validates reviews overdue by RECONCILE_GRACE (lost jobs:
// overdue-tasks.ts, each task on its own, a failing one backed off), relays the outbox, freezes the class breakdowns and computes
// the transparency figures when due, and starts the retention sweep when due (retention/retention-sweep.ts, not waited for: a
// long sweep makes no release late): each step on its own (one that fails is counted in `rating_reconcile_failures_total`).
// The database is the truth and its own clock: each worker ticks (`tick`), one takes the pass per RECONCILE_INTERVAL by a
// compare-and-set on the database (interval-claims.ts). No Redis: a Redis that is down, flushed, or leaves BullMQ's worker
// wedged (a job's lock lost mid-flight) stops no publication, only makes it later by the grace.
@Injectable()
export class Reconciler implements OnModuleDestroy {
  private readonly logger = new Logger('Reconciler');
  private running?: Promise<OverdueResult>;
  /** The retention sweep under way, if any (one at a time per process). */
  private sweeping?: Promise<unknown>;
  private readonly failures: Counter<'step'>;

  constructor(
    @Inject(Publisher) private readonly publisher: Publisher,
    @Inject(EventRelay) private readonly relay: EventRelay,
    @Inject(TransparencyFigures) private readonly transparency: TransparencyFigures,
    @Inject(IntervalClaims) private readonly claims: IntervalClaims,
    @Inject(ClassBreakdowns) private readonly breakdowns: ClassBreakdowns,
    @Inject(RetentionSweep) private readonly retention: RetentionSweep,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
    @Inject(MetricsRegistry) metrics: MetricsRegistry,
  ) {
    this.failures = reconcileFailures(metrics);
  }

  /** Runs a pass if this worker takes this interval's (the other workers' ticks find it taken). */
  async tick(now = new Date()): Promise<boolean> {
    if (!(await this.claims.claim('reconcile', now, this.config.RECONCILE_INTERVAL))) return false;
    await this.run();
    return true;
  }

  run(): Promise<OverdueResult> {
    // One pass at a time per process (the timer and the job may meet).
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<OverdueResult> {
    // Each step on its own: one that throws (or a task that does) is logged and counted, and the others run all the same.
    const result = await this.step(
      'tasks',
      () =>
        this.publisher.reconcile(this.config.RECONCILE_GRACE, (task, err) =>
          this.logger.warn({ msg: 'task failed; retried later', task: task._id, attempts: (task.attempts ?? 0) + 1, error: err.message }),
        ),
      { published: 0, done: 0, failed: 0 },
    );
    if (result.failed) this.failures.inc({ step: 'task' }, result.failed);
    if (result.published || result.failed) this.logger.log({ msg: 'reconciled overdue reviews', ...result });
    // After the tasks: a review they validated for a release already past is public in this pass.
    const released = await this.step('release', () => this.publisher.releaseDue(), 0);
    if (released) this.logger.log({ msg: 'released reviews', released });
    await this.step('relay', () => this.relay.relay(this.config.RECONCILE_GRACE), undefined);
    await this.step('breakdowns', () => this.breakdowns.freezeIfDue(), undefined);
    await this.step('transparency', () => this.transparency.refreshIfDue(), undefined);
    this.sweeping ??= this.step('retention', () => this.retention.runIfDue(), null).finally(() => (this.sweeping = undefined));
    return result;
  }

  /** Shutdown: a retention sweep under way stops after its page, before the database closes. */
  async onModuleDestroy(): Promise<void> {
    this.retention.stop();
    await this.sweeping;
  }

  private async step<T>(name: string, work: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      this.failures.inc({ step: name });
      this.logger.warn({ msg: `reconciler step failed: ${name}`, error: (err as Error).message });
      return otherwise;
    }
  }
}
