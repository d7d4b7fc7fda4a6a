import { Inject, Injectable, Logger } from '@nestjs/common';
import { type UserErasedEvent } from '@pupitre/contracts';
import { randomUUID } from 'node:crypto';
import { ReviewStore } from '../../app/data/review-store';
import { IdempotencyKeys } from '../../app/data/idempotency-keys';
import { ObjectionStore } from '../../app/data/objection-store';
import { ProfileStore } from '../../app/data/profile-store';
import { UserStore } from '../../app/data/user-store';
import { votesOf, withoutUser } from '../../app/reviews/votes-and-reports';

export interface ErasureSummary {
  votes: number;
  favorites: number;
  reports: number;
  reviewsDetached: number;
}

// `user-erased`: the user's votes, reports, favourites, index, profile and idempotency keys go; their reviews, replies and objections
// stay, DETACHED (a random tombstone each), so nothing links them to the person or to each other. One scan of the reviews (rare);
// idempotent.
@Injectable()
export class UserErasureService {
  private readonly logger = new Logger('UserErasure');

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(ProfileStore) private readonly profiles: ProfileStore,
    @Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
  ) {}

  async erase(event: UserErasedEvent): Promise<ErasureSummary> {
    const userId = event.userId;
    const summary: ErasureSummary = { votes: 0, favorites: 0, reports: 0, reviewsDetached: 0 };
    const touched: number[] = [];
    for await (const doc of this.reviews.scan()) {
      if (
        doc.authorId === userId ||
        doc.reply?.authorId === userId ||
        votesOf(doc)[userId] !== undefined ||
        doc.reports.some((r) => r.userId === userId)
      )
        touched.push(doc.id);
    }
    for (const id of touched) {
      const write = await this.reviews.change(id, (doc) => withoutUser(doc, userId, `erased-${randomUUID()}`));
      if (!write) continue; // already done by an earlier run
      if (votesOf(write.before)[userId] !== undefined) summary.votes++;
      summary.reports += write.before.reports.filter((r) => r.userId === userId).length;
      if (write.before.authorId === userId) summary.reviewsDetached++;
    }
    summary.favorites = (await this.users.get(userId)).favorites.length;
    // The keys of its creates (they named its reviews), its objections (kept, detached: a teacher record's), its profile and index.
    await this.keys.forget(userId);
    await this.objections.detach(userId, `erased-${randomUUID()}`);
    await this.profiles.remove(userId);
    await this.users.remove(userId);
    this.logger.log({ msg: 'user erased', ...summary });
    return summary;
  }
}
