import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type UserErasedEvent } from '@pupitre/contracts';
import { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { PublicCache } from '../../app/cache/public-cache';
import { PublicationCore } from '../../app/core/publication-core';
import { Favorite, Profile, Report, Vote } from '../../app/data/social.schema';
import { Review } from '../../app/reviews/review.schema';
import { reviewOid } from '../../app/data/keys';
import { applyVoteDeltaLocked } from '../../app/social/social.service';

export interface ErasureSummary {
  votes: number;
  favorites: number;
  reports: number;
  reviewsDetached: number;
}

/**
 * Applies the auth service's `user-erased` event. Policy: the user's votes, favourites and reports
 * are deleted (the counts of the reviews they voted on or reported go down accordingly); their
 * reviews are DETACHED: `authorId` becomes a random tombstone per review (`erased-<uuid>`), so the
 * published reviews and the teachers' aggregates stay as they are and nothing links them to the
 * person, or to each other. Idempotent: a second run finds nothing left.
 */
@Injectable()
export class UserErasureService {
  private readonly logger = new Logger('UserErasure');

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Vote.name) private readonly votes: Model<Vote>,
    @InjectModel(Favorite.name) private readonly favorites: Model<Favorite>,
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @InjectModel(Profile.name) private readonly profiles: Model<Profile>,
    @Inject(PublicCache) private readonly cache: PublicCache,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
  ) {}

  async erase(event: UserErasedEvent): Promise<ErasureSummary> {
    const userId = event.userId;
    const summary: ErasureSummary = { votes: 0, favorites: 0, reports: 0, reviewsDetached: 0 };
    const votes = await this.votes.find({ userId }, { _id: 1, reviewId: 1 }).lean().exec();
    const ledger = this.publication.ledger;
    for (const vote of votes) {
      const removed = await ledger.withReview(vote.reviewId, async () => {
        const gone = await this.votes.findOneAndDelete({ _id: vote._id }).lean<Vote>().exec();
        if (gone) await applyVoteDeltaLocked(this.reviews, this.publication.lists, gone.reviewId, gone.value ? -1 : 0, -1);
        return gone;
      });
      if (removed) summary.votes++; // else already removed by a previous run
    }
    const reports = await this.reports.find({ userId }, { _id: 1, reviewId: 1 }).lean().exec();
    for (const report of reports) {
      const removed = await ledger.withReview(report.reviewId, async () => {
        const gone = await this.reports.findOneAndDelete({ _id: report._id }).lean<Report>().exec();
        if (!gone || gone.dismissed) return gone;
        const _id = reviewOid(gone.reviewId);
        const review = await this.reviews.findOne({ _id }, { _id: 0, reportCount: 1 }).lean().exec();
        if (review && review.reportCount > 0) await this.reviews.updateOne({ _id }, { $inc: { reportCount: -1 } }).exec();
        return gone;
      });
      if (removed) summary.reports++;
    }
    summary.favorites = (await this.favorites.deleteMany({ userId }).exec()).deletedCount ?? 0;
    const { reviews: own } = await this.publication.users.get(userId);
    for (const id of own) {
      const detached = await ledger.withReview(id, async () => {
        const _id = reviewOid(id);
        const review = await this.reviews.findOne({ _id }, { _id: 0, authorId: 1 }).lean().exec();
        if (review?.authorId !== userId) return false;
        await this.reviews.updateOne({ _id }, { $set: { authorId: `erased-${randomUUID()}` } }).exec();
        return true;
      });
      if (detached) summary.reviewsDetached++;
    }
    await this.profiles.deleteOne({ _id: userId }).exec();
    await this.publication.users.remove(userId);
    if (summary.votes || summary.reports) await this.cache.bump();
    this.logger.log({ msg: 'user erased', ...summary });
    return summary;
  }
}
