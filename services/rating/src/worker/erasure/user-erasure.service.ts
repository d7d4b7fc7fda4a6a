import { Inject, Injectable, Logger } from '@nestjs/common';
import { type UserErasedEvent } from '@pupitre/contracts';
import { randomUUID } from 'node:crypto';
import { ReviewStore } from '../../app/data/review-store';
import { IdempotencyKeys } from '../../app/data/idempotency-keys';
import { ObjectionStore } from '../../app/data/objection-store';
import { ProfileStore } from '../../app/data/profile-store';
import { UserStore } from '../../app/data/user-store';
import { ReviewVotes } from '../../app/data/review-votes';
import { withoutUser } from '../../app/reviews/votes-and-reports';

export interface ErasureSummary {
  votes: number;
  favorites: number;
  reports: number;
  reviewsDetached: number;
}

// `user-erased`: the user's votes, reports, favourites, index, profile and idempotency keys go; their reviews, replies and objections
// stay, DETACHED (a random tombstone each), so nothing links them to the person or to each other. Every trace is found by an index
// (`voters.u`, `reports.userId`, `authorId`, `reply.authorId`; favourites live in their own `user_index` document): no scan of the
// reviews. Votes go by targeted writes (review-votes.ts); reports and authorship, rarer, by a compare-and-set of each review. Idempotent.
@Injectable()
export class UserErasureService {
  private readonly logger = new Logger('UserErasure');

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ReviewVotes) private readonly votes: ReviewVotes,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(ProfileStore) private readonly profiles: ProfileStore,
    @Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
  ) {}

  /** `now`: the date of the detachment its reviews get (`detachedAt`: their retention period counts from it). */
  async erase(event: UserErasedEvent, now = new Date()): Promise<ErasureSummary> {
    const userId = event.userId;
    const summary: ErasureSummary = { votes: 0, favorites: 0, reports: 0, reviewsDetached: 0 };
    summary.votes = await this.votes.removeVoter(userId);
    const touched = new Set<number>();
    for (const filter of [{ 'reports.userId': userId }, { authorId: userId }, { 'reply.authorId': userId }])
      for (const id of await this.reviews.idsOf(filter)) touched.add(id);
    for (const id of touched) {
      const write = await this.reviews.change(id, (doc) => withoutUser(doc, userId, `erased-${randomUUID()}`, now));
      if (!write) continue; // already done by an earlier run
      summary.reports += write.before.reports.filter((r) => r.userId === userId).length;
      if (write.before.authorId === userId) summary.reviewsDetached++;
    }
    summary.votes += await this.votes.removeVoter(userId); // a vote cast while it ran (a token still valid): one indexed read
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
