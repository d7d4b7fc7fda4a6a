import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { PublicationCore } from '../../app/core/publication-core';
import { type WorkerConfig } from '../../config/worker-config';
import { type JobHandler } from '../handlers/job-handler';

/**
 * `reconcile` (repeatable, every RECONCILE_INTERVAL): publishes every review overdue by more than
 * RECONCILE_GRACE (its job was lost: worker crash, Redis flushed) and settles aggregate changes left
 * half-applied. The database is the source of truth; the queue is only the clock.
 */
@Injectable()
export class ReconcileHandler implements JobHandler<'reconcile'> {
  readonly name = 'reconcile' as const;
  private readonly logger = new Logger('Reconciler');
  private running?: Promise<{ published: number; settled: number }>;

  constructor(
    @Inject(PublicationCore) private readonly publication: PublicationCore,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  handle(): Promise<{ published: number; settled: number }> {
    // One pass at a time per process (the timer and the job may meet).
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<{ published: number; settled: number }> {
    await this.publication.lists.ensureBuilt();
    const rebuilt = await this.publication.lists.rebuildStale();
    if (rebuilt) this.logger.log({ msg: 'rebuilt review lists', rebuilt });
    const { published, settled } = await this.publication.reconcile(this.config.RECONCILE_GRACE);
    if (published || settled) this.logger.log({ msg: 'reconciled overdue reviews', published, settled });
    return { published, settled };
  }
}
