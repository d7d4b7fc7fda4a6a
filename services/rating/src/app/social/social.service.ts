import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type VoteResponse } from '@pupitre/contracts';
import { ApiError, APP_CONFIG, isDuplicateKey } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { type ReviewLists } from '../reading/review-lists';
import { guarded } from '../data/db-traits';
import { pairKey, reviewOid } from '../data/keys';
import { type RatingConfig } from '../../config/rating-config';
import { ProfilesService } from '../auth/profiles.service';
import { type AuthUser } from '../auth/token-verifier';
import { reportWeight } from '../moderation/report-weight';
import { PublicCache } from '../cache/public-cache';
import { isPublicAt, PublicationCore } from '../core/publication-core';
import { Favorite, Report, Vote } from '../data/social.schema';
import { relatablePercent, wilsonLowerBound } from '../reading/review-view';
import { Review } from '../reviews/review.schema';


/**
 * Applies a change of one review's vote counts and keeps its Wilson score in step (the score is
 * written only if the counts are still those it was computed from, so racing votes end consistent).
 * The caller holds the review's lock (FerretDB 1.x does not isolate findAndModify).
 */
export async function applyVoteDeltaLocked(reviews: Model<Review>, lists: ReviewLists, reviewId: number, up: number, total: number): Promise<Pick<Review, 'relUp' | 'relTotal'> | null> {
  const _id = reviewOid(reviewId);
  const after = await reviews.findOneAndUpdate({ _id }, { $inc: { relUp: up, relTotal: total } }, { returnDocument: 'after' }).lean().exec();
  if (!after) return null;
  await reviews.updateOne(guarded(_id, { relUp: after.relUp, relTotal: after.relTotal }), { $set: { wilson: wilsonLowerBound(after.relUp, after.relTotal) } }).exec();
  await lists.sync(_id, [after.pub?.teacherId]);
  return after;
}

/** Relatable votes, favourites and reports. */
@Injectable()
export class SocialService {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Vote.name) private readonly votes: Model<Vote>,
    @InjectModel(Favorite.name) private readonly favorites: Model<Favorite>,
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @Inject(PublicCache) private readonly cache: PublicCache,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
  ) {}

  private async visibleReview(id: number): Promise<Pick<Review, 'id' | 'authorId' | 'relUp' | 'relTotal'>> {
    // By `_id` alone (FerretDB pushes nothing else down); visibility is checked here.
    const review = await this.reviews.findOne({ _id: reviewOid(id) }, { _id: 0, id: 1, authorId: 1, relUp: 1, relTotal: 1, visible: 1, 'pub.publishedAt': 1 }).lean<Review>().exec();
    if (!review || !isPublicAt(review, new Date())) throw ApiError.of(404, 'not-found'); // not public (yet)
    return review;
  }

  /** Sets or changes the caller's vote (one per user per review; not on one's own review). */
  async vote(userId: string, reviewId: number, value: boolean): Promise<VoteResponse> {
    const review = await this.visibleReview(reviewId);
    if (review.authorId === userId) throw ApiError.of(403, 'forbidden', 'you cannot vote on your own review');
    const _id = pairKey(reviewId, userId);
    // The vote and the counts change together under the review's lock (votes on one review queue up).
    const counts = await this.publication.ledger.withReview(reviewId, async () => {
      const before = await this.votes
        .findOneAndUpdate({ _id }, { $set: { reviewId, userId, value, at: new Date() } }, { upsert: true, returnDocument: 'before' })
        .lean<Vote>()
        .exec();
      if (!before) return applyVoteDeltaLocked(this.reviews, this.publication.lists, reviewId, value ? 1 : 0, 1);
      if (before.value !== value) return applyVoteDeltaLocked(this.reviews, this.publication.lists, reviewId, value ? 1 : -1, 0);
      return review;
    });
    await this.publication.lock(`user:${userId}`, () => this.publication.users.setVote(userId, reviewId, value));
    if (counts !== review) await this.cache.bump();
    return this.voteResponse(counts ?? review, value);
  }

  async unvote(userId: string, reviewId: number): Promise<VoteResponse> {
    const review = await this.reviews.findOne({ _id: reviewOid(reviewId) }, { _id: 0, relUp: 1, relTotal: 1 }).lean().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    const counts = await this.publication.ledger.withReview(reviewId, async () => {
      const removed = await this.votes.findOneAndDelete({ _id: pairKey(reviewId, userId) }).lean<Vote>().exec();
      return removed ? applyVoteDeltaLocked(this.reviews, this.publication.lists, reviewId, removed.value ? -1 : 0, -1) : review;
    });
    await this.publication.lock(`user:${userId}`, () => this.publication.users.setVote(userId, reviewId, null));
    if (counts === review) return this.voteResponse(review, null);
    await this.cache.bump();
    return this.voteResponse(counts ?? review, null);
  }

  private voteResponse(counts: Pick<Review, 'relUp' | 'relTotal'>, vote: boolean | null): VoteResponse {
    return { relatable: relatablePercent(counts.relUp, counts.relTotal), relatable_count: counts.relTotal, vote };
  }

  async setFavorite(userId: string, reviewId: number, value: boolean): Promise<{ value: boolean }> {
    if (!value) {
      await this.removeFavorite(userId, reviewId);
      return { value: false };
    }
    await this.visibleReview(reviewId);
    await this.publication.lock(`user:${userId}`, async () => {
      await this.publication.users.addFavorite(userId, reviewId);
      try {
        // `$setOnInsert` alone (FerretDB 1.x drops it beside another operator): a repeat keeps the first date.
        await this.favorites.updateOne({ _id: pairKey(reviewId, userId) }, { $setOnInsert: { reviewId, userId, createdAt: new Date() } }, { upsert: true }).exec();
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    });
    return { value: true };
  }

  async removeFavorite(userId: string, reviewId: number): Promise<void> {
    await this.publication.lock(`user:${userId}`, async () => {
      await this.favorites.deleteOne({ _id: pairKey(reviewId, userId) }).exec();
      await this.publication.users.removeFavorite(userId, reviewId);
    });
  }

  /**
   * One report per user per review, never on one's own (403). The review stays public and goes to
   * the moderators' queue; it is held before they decide only once its open reports weigh
   * REPORT_HIDE_THRESHOLD, each weighted by its reporter's account age and track record
   * (report-weight.ts): a few fresh sign-ups cannot take a review down.
   */
  async report(user: AuthUser, reviewId: number, content: string): Promise<void> {
    const review = await this.visibleReview(reviewId);
    if (review.authorId === user.id) throw ApiError.of(403, 'forbidden', 'you cannot report your own review');
    const weight = await this.weightOf(user);
    try {
      await this.reports.create({ _id: pairKey(reviewId, user.id), reviewId, userId: user.id, content, weight, dismissed: false, outcome: 'open', reason: null, decidedAt: null, createdAt: new Date() });
    } catch (err) {
      if (isDuplicateKey(err)) throw ApiError.of(409, 'already-reported');
      throw err;
    }
    const threshold = this.config.REPORT_HIDE_THRESHOLD;
    const reached = (r: Pick<Review, 'reportWeight'>) => Math.round((r.reportWeight ?? 0) * 100) >= threshold * 100;
    const after = await this.publication.ledger.withReview(reviewId, () =>
      this.reviews.findOneAndUpdate({ _id: reviewOid(reviewId) }, { $inc: { reportCount: 1, reportWeight: weight } }, { returnDocument: 'after' }).lean().exec(),
    );
    if (after && !after.hidden && reached(after)) {
      await this.publication.ledger.transition(reviewId, (current) => (current.hidden || !reached(current) ? null : { hidden: true, visible: false }));
    }
    await this.cache.bump();
  }

  /** The weight of `user`'s next report: account age and the outcomes of their earlier reports. */
  private async weightOf(user: AuthUser): Promise<number> {
    const [since, history] = await Promise.all([
      this.profiles.since(user),
      this.reports.find({ userId: user.id, dismissed: true }, { _id: 0, outcome: 1 }).lean().exec(),
    ]);
    return reportWeight({
      accountAgeDays: (Date.now() - since.getTime()) / 86_400_000,
      upheld: history.filter((r) => r.outcome === 'removed').length,
      dismissed: history.filter((r) => r.outcome === 'kept').length,
    });
  }
}
