import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { UserIndex } from '../data/user-index';
import { ReviewLists } from '../reading/review-lists';
import { ReviewLedger, type ReviewChanges, type TransitionOptions } from '../reviews/ledger';
import { Review } from '../reviews/review.schema';
import { Teacher } from '../teachers/teacher.schema';
import { validateReviewText } from '../validation/text-checks';

/** A job may fire this much before its time (clock skew between processes) and still count; the reconciler allows none. */
const EARLY_TOLERANCE_MS = 2000;

export type PublicationOutcome = 'published' | 'held' | 'rejected' | 'skipped';

/**
 * The automatic validation and publication of review versions, shared by the worker's
 * `publish-review` job, its reconciler and the moderators' actions in the API.
 */
@Injectable()
export class PublicationCore {
  readonly ledger: ReviewLedger;
  /** The maintained community and teacher-review lists. */
  readonly lists: ReviewLists;
  /** Which reviews each user wrote and favoured. */
  readonly users: UserIndex;

  constructor(
    @InjectModel(Review.name) reviews: Model<Review>,
    @InjectModel(Teacher.name) teachers: Model<Teacher>,
    @Inject(PublicCache) private readonly cache: PublicCache,
    @Inject(APP_CONFIG) private readonly config: { PUBLICATION_LEAD: number },
  ) {
    this.lists = new ReviewLists(reviews, () => this.cache.bump(), (name, fn, options) => this.cache.lock(name, fn, options));
    this.ledger = new ReviewLedger(reviews, teachers, this.lists);
    this.users = new UserIndex(reviews.db);
  }

  /**
   * Runs the validation of review `reviewId` if its latest version (or exactly `version`) is pending
   * and due: publish, hold or reject. Idempotent: a second run finds it no longer pending.
   * A review without a public version is due PUBLICATION_LEAD ahead of its time: it is validated and
   * written then, and shows from `publishAt` on (readers compare the instant: `isPublicAt`).
   */
  async validateDue(reviewId: number, version?: number, options: TransitionOptions & { earlyToleranceMs?: number } = {}): Promise<PublicationOutcome> {
    const tolerance = options.earlyToleranceMs ?? EARLY_TOLERANCE_MS;
    let outcome = 'skipped' as PublicationOutcome;
    const after = await this.ledger.transition(
      reviewId,
      (current) => {
        // Decided (and `publishedAt` stamped) under the review's lock, just before the write.
        const now = new Date();
        if (current.status !== 'pending') return null;
        if (version !== undefined && current.version !== version) return null;
        const ahead = isPublicAt(current, now) ? 0 : this.config.PUBLICATION_LEAD;
        if (current.publishAt.getTime() > now.getTime() + ahead + tolerance) return null;
        const verdict = validateReviewText(current.text_rating);
        if (verdict.action === 'publish') {
          outcome = 'published';
          return publishChanges(current, now);
        }
        outcome = verdict.action === 'hold' ? 'held' : 'rejected';
        return { status: outcome, reason: verdict.reason };
      },
      options,
    );
    if (!after) return 'skipped';
    if (outcome === 'published') await this.cache.bump();
    return outcome;
  }

  /** The locks of the service (in process and in Redis), for writers outside the ledger. */
  lock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.cache.lock(name, fn);
  }

  /**
   * The reconciler's pass over the to-do list (`review_tasks`, see ledger.ts): settles every
   * half-applied aggregate change, validates every review whose job is overdue by more than
   * `graceMs` (lost: worker down, Redis flushed) and drops the tasks with nothing left to do. With a
   * PUBLICATION_LEAD longer than the grace, a lost job still leaves a new review shown on time.
   */
  async reconcile(graceMs: number): Promise<{ published: number; settled: number }> {
    let published = 0;
    let settled = 0;
    const overdueBefore = Date.now() - graceMs;
    const tasks = await this.ledger.tasks.list();
    tasks.sort((a, b) => (a.publishAt?.getTime() ?? 0) - (b.publishAt?.getTime() ?? 0));
    for (const task of tasks) {
      const state = await this.ledger.settleTask(task.reviewId);
      if (state === 'settled') settled++;
      // Its job was due `graceMs` ago (PUBLICATION_LEAD ahead of the time for a review with no public
      // version; validateDue says 'skipped' for an edit of a public one until its own time).
      if (state === 'pending' && task.publishAt && task.publishAt.getTime() - this.config.PUBLICATION_LEAD < overdueBefore) {
        if ((await this.validateDue(task.reviewId, undefined, { earlyToleranceMs: 0 })) !== 'skipped') published++;
      }
    }
    return { published, settled };
  }
}

/** Whether a public version has reached its instant at `now` (it may still be hidden by reports). */
export function hasShownAt(pub: Review['pub'], now: Date): pub is NonNullable<Review['pub']> {
  return pub !== null && new Date(pub.publishedAt).getTime() <= now.getTime();
}

/** Whether the review's public version shows at `now` (published, not hidden, its instant come). */
export function isPublicAt(review: Pick<Review, 'visible' | 'pub'>, now: Date): boolean {
  return review.visible && hasShownAt(review.pub, now);
}

/**
 * The status of the latest version as its author sees it: a verdict reached ahead of the
 * publication time stays `pending` until then (the review is not public before either); a
 * published review held by the weight of its reports is `held` (reason: `reported`).
 */
export function authorStatus(review: Pick<Review, 'status' | 'publishAt' | 'hidden'>, now: Date): Review['status'] {
  if (new Date(review.publishAt).getTime() > now.getTime()) return 'pending';
  return review.status === 'published' && review.hidden ? 'held' : review.status;
}

/** The statement of reasons the author sees for a held or rejected review. */
export function authorReason(review: Pick<Review, 'status' | 'hidden' | 'reason'>): string | null {
  return review.status === 'published' && review.hidden ? 'reported' : review.reason;
}

/**
 * The changes that make the latest version of a review the public one: at once when it replaces a
 * public version, else at its publication time (`publishAt`, when validated ahead of it).
 */
export function publishChanges(current: Review, now: Date): ReviewChanges {
  const at = isPublicAt(current, now) ? now : new Date(Math.max(now.getTime(), new Date(current.publishAt).getTime()));
  const content = {
    teacherId: current.teacherId,
    subjectId: current.subjectId,
    year: current.year,
    tot_rating: current.tot_rating,
    grades: current.grades,
    flags: current.flags,
    text_rating: current.text_rating,
  };
  return { status: 'published', reason: null, pub: { ...content, version: current.version, publishedAt: at }, visible: !current.hidden };
}
