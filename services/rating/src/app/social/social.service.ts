import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type VoteResponse } from '@pupitre/contracts';
import { APP_CONFIG, ApiError } from '@pupitre/server-kit';
import { Model, type Types } from 'mongoose';
import { type ReviewLists } from '../reading/review-lists';
import { type RatingConfig } from '../../config/rating-config';
import { PublicCache } from '../cache/public-cache';
import { PublicationCore } from '../core/publication-core';
import { Favorite, Report, Vote } from '../data/social.schema';
import { relatablePercent, wilsonLowerBound } from '../reading/review-view';
import { Review } from '../reviews/review.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000 || /E11000/.test((err as Error).message ?? '');

/**
 * Applies a change of one review's vote counts and keeps its Wilson score in step (the score is
 * written only if the counts are still those it was computed from, so racing votes end consistent).
 */
export function applyVoteDelta(reviews: Model<Review>, lists: ReviewLists, reviewId: number, up: number, total: number): Promise<Pick<Review, 'relUp' | 'relTotal'> | null> {
  // FerretDB 1.x does not isolate findAndModify: changes of one review are serialized (see PublicCache.lock).
  return lists.lock(`review:${reviewId}`, () => applyVoteDeltaLocked(reviews, lists, reviewId, up, total));
}

async function applyVoteDeltaLocked(reviews: Model<Review>, lists: ReviewLists, reviewId: number, up: number, total: number): Promise<Pick<Review, 'relUp' | 'relTotal'> | null> {
  const after = await reviews
    .findOneAndUpdate({ id: reviewId }, { $inc: { relUp: up, relTotal: total } }, { returnDocument: 'after' })
    .lean()
    .exec();
  if (!after) return null;
  await reviews.updateOne({ _id: after._id, relUp: after.relUp, relTotal: after.relTotal }, { $set: { wilson: wilsonLowerBound(after.relUp, after.relTotal) } }).exec();
  await lists.sync(after._id as Types.ObjectId, [after.pub?.teacherId]);
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
  ) {}

  private async visibleReview(id: number): Promise<Pick<Review, 'id' | 'authorId' | 'relUp' | 'relTotal'>> {
    const review = await this.reviews.findOne({ id, visible: true }, { _id: 0, id: 1, authorId: 1, relUp: 1, relTotal: 1 }).lean().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    return review;
  }

  /** Sets or changes the caller's vote (one per user per review; not on one's own review). */
  async vote(userId: string, reviewId: number, value: boolean): Promise<VoteResponse> {
    const review = await this.visibleReview(reviewId);
    if (review.authorId === userId) throw ApiError.of(403, 'forbidden', 'you cannot vote on your own review');
    let before: Vote | null;
    try {
      before = await this.votes
        .findOneAndUpdate({ reviewId, userId }, { $set: { value }, $setOnInsert: { createdAt: new Date() } }, { upsert: true, returnDocument: 'before' })
        .lean<Vote>()
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Two first votes raced: the other one inserted; this one becomes a change.
      before = await this.votes.findOneAndUpdate({ reviewId, userId }, { $set: { value } }, { returnDocument: 'before' }).lean<Vote>().exec();
    }
    let counts: Pick<Review, 'relUp' | 'relTotal'> | null = review;
    if (!before) counts = await applyVoteDelta(this.reviews, this.publication.lists, reviewId, value ? 1 : 0, 1);
    else if (before.value !== value) counts = await applyVoteDelta(this.reviews, this.publication.lists, reviewId, value ? 1 : -1, 0);
    if (counts !== review) await this.cache.bump();
    return this.voteResponse(counts ?? review, value);
  }

  async unvote(userId: string, reviewId: number): Promise<VoteResponse> {
    const review = await this.reviews.findOne({ id: reviewId }, { _id: 0, relUp: 1, relTotal: 1 }).lean().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    const removed = await this.votes.findOneAndDelete({ reviewId, userId }).lean<Vote>().exec();
    if (!removed) return this.voteResponse(review, null);
    const counts = await applyVoteDelta(this.reviews, this.publication.lists, reviewId, removed.value ? -1 : 0, -1);
    await this.cache.bump();
    return this.voteResponse(counts ?? review, null);
  }

  private voteResponse(counts: Pick<Review, 'relUp' | 'relTotal'>, vote: boolean | null): VoteResponse {
    return { relatable: relatablePercent(counts.relUp, counts.relTotal), relatable_count: counts.relTotal, vote };
  }

  async setFavorite(userId: string, reviewId: number, value: boolean): Promise<{ value: boolean }> {
    if (!value) {
      await this.favorites.deleteOne({ reviewId, userId }).exec();
      return { value: false };
    }
    await this.visibleReview(reviewId);
    try {
      await this.favorites.updateOne({ reviewId, userId }, { $setOnInsert: { reviewId, userId, createdAt: new Date() } }, { upsert: true }).exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return { value: true };
  }

  async removeFavorite(userId: string, reviewId: number): Promise<void> {
    await this.favorites.deleteOne({ reviewId, userId }).exec();
  }

  /** One report per user per review; at REPORT_HIDE_THRESHOLD open reports the review is hidden. */
  async report(userId: string, reviewId: number, content: string): Promise<void> {
    await this.visibleReview(reviewId);
    try {
      await this.reports.create({ reviewId, userId, content, dismissed: false, createdAt: new Date() });
    } catch (err) {
      if (isDuplicateKey(err)) throw ApiError.of(409, 'already-reported');
      throw err;
    }
    const after = await this.reviews
      .findOneAndUpdate({ id: reviewId }, { $inc: { reportCount: 1 } }, { returnDocument: 'after' })
      .lean()
      .exec();
    if (after && !after.hidden && after.reportCount >= this.config.REPORT_HIDE_THRESHOLD) {
      await this.publication.ledger.transition(reviewId, (current) =>
        current.hidden || current.reportCount < this.config.REPORT_HIDE_THRESHOLD ? null : { hidden: true, visible: false },
      );
      await this.cache.bump();
    }
  }
}
