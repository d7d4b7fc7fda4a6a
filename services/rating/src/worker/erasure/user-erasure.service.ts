import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type UserErasedEvent } from '@pupitre/contracts';
import { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { PublicCache } from '../../app/cache/public-cache';
import { PublicationCore } from '../../app/core/publication-core';
import { Favorite, Profile, Report, Vote } from '../../app/data/social.schema';
import { Review } from '../../app/reviews/review.schema';
import { applyVoteDelta } from '../../app/social/social.service';

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
    const votes = await this.votes.find({ userId }, { _id: 1 }).lean().exec();
    for (const { _id } of votes) {
      const removed = await this.votes.findOneAndDelete({ _id }).lean<Vote>().exec();
      if (!removed) continue; // already removed by a previous run
      await applyVoteDelta(this.reviews, this.publication.lists, removed.reviewId, removed.value ? -1 : 0, -1);
      summary.votes++;
    }
    const reports = await this.reports.find({ userId }, { _id: 1 }).lean().exec();
    for (const { _id } of reports) {
      const removed = await this.reports.findOneAndDelete({ _id }).lean<Report>().exec();
      if (!removed) continue;
      if (!removed.dismissed) await this.reviews.updateOne({ id: removed.reviewId, reportCount: { $gt: 0 } }, { $inc: { reportCount: -1 } }).exec();
      summary.reports++;
    }
    summary.favorites = (await this.favorites.deleteMany({ userId }).exec()).deletedCount ?? 0;
    const own = await this.reviews.find({ authorId: userId }, { _id: 0, id: 1 }).lean().exec();
    if (own.length) {
      const result = await this.reviews.bulkWrite(
        own.map((r) => ({ updateOne: { filter: { id: r.id, authorId: userId }, update: { $set: { authorId: `erased-${randomUUID()}` } } } })),
      );
      summary.reviewsDetached = result.modifiedCount;
    }
    await this.profiles.deleteOne({ userId }).exec();
    if (summary.votes || summary.reports) await this.cache.bump();
    this.logger.log({ msg: 'user erased', ...summary });
    return summary;
  }
}
