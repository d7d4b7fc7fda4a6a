import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, MetricsRegistry } from '@pupitre/server-kit';
import { type Counter } from 'prom-client';
import { IntervalClaims } from '../../app/data/interval-claims';
import { ModerationLog } from '../../app/data/moderation-log';
import { ReviewStore } from '../../app/data/review-store';
import { TaskStore } from '../../app/data/task-store';
import { UserStore } from '../../app/data/user-store';
import { type WorkerConfig } from '../../config/worker-config';
import { retentionRemoved } from '../reconcile-metrics';
import {
  detachedReviewExpired,
  detachedReviewFilter,
  expiredReportFilter,
  expiredReports,
  RETENTION_KINDS,
  type RetentionKind,
  retentionCutoffs,
} from './retention-cutoffs';

/** Records per bounded batch: each page is one indexed read of at most this many, then its deletions. */
export const RETENTION_PAGE = 200;

const WORK = 'retention';

export type RetentionCounts = Record<RetentionKind, number>;

/**
 * Deletes what is past its retention period (docs/security/retention.md, retention-cutoffs.ts): decided reports (and their
 * reporters' links), moderators' actions and reads, detached reviews that are not public. Once per RETENTION_INTERVAL over all
 * the workers (a timer claimed on the database), from the reconciler. Each kind in pages (an index-served read of at most
 * RETENTION_PAGE, then their deletion) until none is left: nothing is read whole. A kind that fails stops neither the others
 * nor the reconciler's steps; the sweep then throws, after counting and logging what it removed.
 */
@Injectable()
export class RetentionSweep {
  private readonly logger = new Logger('Retention');
  private readonly removed: Counter<'what'>;
  private stopping = false;

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(ModerationLog) private readonly moderation: ModerationLog,
    @Inject(IntervalClaims) private readonly claims: IntervalClaims,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
    @Inject(MetricsRegistry) metrics: MetricsRegistry,
  ) {
    this.removed = retentionRemoved(metrics);
  }

  /** Sweeps if this worker takes this interval's sweep (another worker's, or an earlier one's, leaves it): its counts, else null. */
  async runIfDue(now = new Date()): Promise<RetentionCounts | null> {
    if (!(await this.claims.claim(WORK, now, this.config.RETENTION_INTERVAL))) return null;
    return this.sweep(now);
  }

  /** Shutting down: a sweep under way stops after its current page (the next one takes up the rest). */
  stop(): void {
    this.stopping = true;
  }

  /** Deletes everything past its period at `now` (a test moves the clock with it). */
  async sweep(now: Date): Promise<RetentionCounts> {
    const cut = retentionCutoffs(now, this.config);
    const counts: RetentionCounts = { reports: 0, moderation_actions: 0, moderation_reads: 0, detached_reviews: 0 };
    const failed: string[] = [];
    const kinds: Record<RetentionKind, (add: (n: number) => void) => Promise<void>> = {
      reports: (add) => this.reports(cut.reports, add),
      moderation_actions: (add) => this.pages((limit) => this.moderation.removeActionsBefore(cut.moderation_actions, limit), add),
      moderation_reads: (add) => this.pages((limit) => this.moderation.removeReadsBefore(cut.moderation_reads, limit), add),
      detached_reviews: (add) => this.detachedReviews(cut.detached_reviews, add),
    };
    for (const what of RETENTION_KINDS) {
      try {
        await kinds[what]((n) => {
          counts[what] += n;
          if (n) this.removed.inc({ what }, n);
        });
      } catch (err) {
        failed.push(`${what}: ${(err as Error).message}`);
      }
    }
    // One line per sweep: counts only (no review, report or person).
    this.logger.log({ msg: 'retention sweep', ...counts, ...(failed.length ? { failed: failed.length } : {}) });
    if (failed.length) throw new Error(`retention sweep: ${failed.join('; ')}`);
    return counts;
  }

  /**
   * Decided reports past their period: a page of the reviews holding one (index `reports.decidedAt`), their reporters' links
   * first (a crash in between leaves the report, found again next time, never a link to nothing), then the reports, in one write.
   */
  private async reports(cut: Date, add: (n: number) => void): Promise<void> {
    await this.pages(async (limit) => {
      const page = await this.reviews.withReportsDecidedBefore(cut, limit);
      const links = page.flatMap((doc) => expiredReports(doc.reports, cut).map((r) => ({ userId: r.userId, reviewId: doc.id })));
      await this.users.forgetReports(links);
      await this.reviews.pullReports(
        page.map((doc) => doc.id),
        expiredReportFilter(cut),
      );
      add(links.length);
      return links.length === 0 ? 0 : page.length; // none to remove (no decided one among them): stop rather than read them again
    });
  }

  /**
   * Detached reviews past their period, not public (partial index on `detachedAt`): each removed as any deleted review is (its
   * figures and class claim in the same transaction: ReviewStore.remove), re-checked on the document it deletes; its task and
   * the users' favourites and reports of it go with it.
   */
  private async detachedReviews(cut: Date, add: (n: number) => void): Promise<void> {
    await this.pages(async (limit) => {
      const ids = await this.reviews.someIds(detachedReviewFilter(cut), limit);
      let removed = 0;
      for (const id of ids) {
        if (await this.reviews.remove(id, (doc) => detachedReviewExpired(doc, cut))) removed++;
        await this.tasks.done(id);
        await this.users.forgetReview(id);
      }
      add(removed);
      return removed === 0 ? 0 : ids.length; // none removed (all changed meanwhile): stop rather than read them again
    });
  }

  /**
   * Runs `page(limit)` (how many it removed or handled) until one comes back short of RETENTION_PAGE: each page removes what
   * it read, so the next one reads the next records. Stops early at shutdown.
   */
  private async pages(page: (limit: number) => Promise<number>, add?: (n: number) => void): Promise<void> {
    while (!this.stopping) {
      const n = await page(RETENTION_PAGE);
      add?.(n);
      if (n < RETENTION_PAGE) return;
    }
  }
}
