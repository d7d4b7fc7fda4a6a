import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { ReviewLists } from '../reading/review-lists';
import { ReviewLedger, type ReviewChanges } from '../reviews/ledger';
import { Review } from '../reviews/review.schema';
import { Teacher } from '../teachers/teacher.schema';
import { validateReviewText } from '../validation/text-checks';

/** A job may fire this much before `publishAt` (clock skew between processes) and still count. */
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

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Teacher.name) teachers: Model<Teacher>,
    @Inject(PublicCache) private readonly cache: PublicCache,
  ) {
    this.lists = new ReviewLists(reviews, () => this.cache.bump(), (name, fn) => this.cache.lock(name, fn));
    this.ledger = new ReviewLedger(reviews, teachers, this.lists);
  }

  /**
   * Runs the validation of review `reviewId` if its latest version (or exactly `version`) is pending
   * and due: publish, hold or reject. Idempotent: a second run finds it no longer pending.
   */
  async validateDue(reviewId: number, version?: number, options: { crashAfterTransition?: boolean } = {}): Promise<PublicationOutcome> {
    const now = new Date();
    let outcome = 'skipped' as PublicationOutcome;
    const after = await this.ledger.transition(
      reviewId,
      (current) => {
        if (current.status !== 'pending') return null;
        if (version !== undefined && current.version !== version) return null;
        if (current.publishAt.getTime() > now.getTime() + EARLY_TOLERANCE_MS) return null;
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

  /** Reviews pending for longer than `graceMs` past their time (lost job, worker down, Redis flushed). */
  async overdue(graceMs: number, limit = 1000): Promise<Pick<Review, 'id' | 'version'>[]> {
    return this.reviews
      .find({ status: 'pending', publishAt: { $lt: new Date(Date.now() - graceMs) } }, { _id: 0, id: 1, version: 1 })
      .sort({ publishAt: 1 })
      .limit(limit)
      .lean<Pick<Review, 'id' | 'version'>[]>()
      .exec();
  }
}

/** The changes that make the latest version of a review the public one. */
export function publishChanges(current: Review, now: Date): ReviewChanges {
  const content = {
    teacherId: current.teacherId,
    subjectId: current.subjectId,
    year: current.year,
    tot_rating: current.tot_rating,
    grades: current.grades,
    flags: current.flags,
    text_rating: current.text_rating,
  };
  return { status: 'published', reason: null, pub: { ...content, version: current.version, publishedAt: now }, visible: !current.hidden };
}
