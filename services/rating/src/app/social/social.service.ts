import { Inject, Injectable } from '@nestjs/common';
import { type VoteResponse } from '@pupitre/contracts';
import { ApiError, APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { ProfilesService } from '../auth/profiles.service';
import { type AuthUser } from '../auth/token-verifier';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ReviewStore } from '../data/review-store';
import { UserStore } from '../data/user-store';
import { reportWeight } from '../moderation/report-weight';
import { relatablePercent } from '../reading/review-view';
import { type ReviewDoc } from '../reviews/review';
import { reported } from '../reviews/votes-and-reports';
import { type VoteValue, voteValue } from '../reviews/votes';
import { type VoteTarget, ReviewVotes } from '../data/review-votes';

// The public reviews only (voting, favouriting and reporting need one): a review of a teacher
// delisted by an accepted objection is in no public answer, so not found here either.
const mustBePublic = <T extends Pick<ReviewDoc, 'visible' | 'teacherId'>>(doc: T | null, delisted: ReadonlySet<number>): T => {
  if (!doc || !doc.visible || delisted.has(doc.teacherId)) throw ApiError.of(404, 'not-found');
  return doc;
};

@Injectable()
export class SocialService {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ReviewVotes) private readonly votes: ReviewVotes,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
  ) {}

  private async delisted(): Promise<ReadonlySet<number>> {
    return (await this.catalogue.get()).delisted;
  }

  /** Sets or changes the caller's vote (one per user per review; not on one's own review): one targeted write of the review. */
  async vote(userId: string, reviewId: number, value: boolean): Promise<VoteResponse> {
    return this.setVote(userId, reviewId, voteValue(value), (doc) => {
      if (doc.authorId === userId) throw ApiError.of(403, 'forbidden', 'you cannot vote on your own review');
    });
  }

  /** Removes the caller's vote from a public review (any other is answered as a missing one, pending and held ones included). */
  async unvote(userId: string, reviewId: number): Promise<VoteResponse> {
    return this.setVote(userId, reviewId, null);
  }

  private async setVote(
    userId: string,
    reviewId: number,
    value: VoteValue | null,
    allowed?: (doc: VoteTarget) => void,
  ): Promise<VoteResponse> {
    const delisted = await this.delisted();
    const check = (doc: VoteTarget | null) => {
      // Every vote, a removal included, only on a public review: a missing, pending or held one is the same 404.
      const review = mustBePublic(doc, delisted);
      allowed?.(review);
    };
    // What `check` asks of a first vote, in its write's filter (`visible` is in every vote's): not their own review, a listed teacher.
    const firstVote = { authorId: { $ne: userId }, teacherId: { $nin: [...delisted] } };
    const counts = await this.votes.set(reviewId, userId, value, check, firstVote);
    const vote = value === null ? null : value === 1;
    return { relatable: relatablePercent(counts.relUp, counts.relTotal), relatable_count: counts.relTotal, vote };
  }

  /** The caller's favourites live in their index only (in the order they were added). */
  async setFavorite(userId: string, reviewId: number, value: boolean): Promise<{ value: boolean }> {
    if (!value) {
      await this.removeFavorite(userId, reviewId);
      return { value: false };
    }
    const [doc, delisted] = await Promise.all([this.reviews.get(reviewId), this.delisted()]);
    mustBePublic(doc, delisted);
    await this.users.add(userId, 'favorites', reviewId);
    return { value: true };
  }

  async removeFavorite(userId: string, reviewId: number): Promise<void> {
    await this.users.pull(userId, 'favorites', reviewId);
  }

  // One report per user per review, never on one's own. The review is held only once its open reports weigh REPORT_HIDE_THRESHOLD
  // (report-weight.ts): a few fresh sign-ups cannot take it down. Its id goes to the reporter's index first. Answers the review's teacher.
  async report(user: AuthUser, reviewId: number, content: string, notify = false): Promise<number> {
    const [found, delisted] = await Promise.all([this.reviews.get(reviewId), this.delisted()]);
    const review = mustBePublic(found, delisted);
    if (review.authorId === user.id) throw ApiError.of(403, 'forbidden', 'you cannot report your own review');
    if (review.reports.some((r) => r.userId === user.id)) throw ApiError.of(409, 'already-reported');
    const weight = await this.weightOf(user);
    await this.users.add(user.id, 'reported', reviewId);
    let duplicate = false;
    await this.reviews.change(reviewId, (doc) => {
      mustBePublic(doc, delisted);
      const next = reported(doc, user.id, content, weight, this.config.REPORT_HIDE_THRESHOLD, new Date(), notify);
      duplicate = next === null;
      return next;
    });
    if (duplicate) throw ApiError.of(409, 'already-reported');
    return review.teacherId;
  }

  private async weightOf(user: AuthUser): Promise<number> {
    const [since, index] = await Promise.all([this.profiles.since(user), this.users.get(user.id)]);
    const outcomes = (await this.reviews.getMany(index.reported)).flatMap((doc) =>
      doc.reports.filter((r) => r.userId === user.id).map((r) => r.outcome),
    );
    return reportWeight({
      accountAgeDays: (Date.now() - since.getTime()) / 86_400_000,
      upheld: outcomes.filter((o) => o === 'removed').length,
      dismissed: outcomes.filter((o) => o === 'kept').length,
    });
  }
}
