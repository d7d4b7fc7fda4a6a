import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type CommunityCategory, type CommunityCategoryBlock, type PublicReview, type ReviewUserState } from '@pupitre/contracts';
import { Model, type SortOrder } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { Favorite, Vote } from '../data/social.schema';
import { Review } from '../reviews/review.schema';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';
import { toPublicReview } from './review-view';

const LIST_FIELDS = { _id: 0, id: 1, pub: 1, relUp: 1, relTotal: 1, createdAt: 1 } as const;
type ListedReview = Pick<Review, 'id' | 'pub' | 'relUp' | 'relTotal' | 'createdAt'>;

/** The order of each category; `relevant` only holds reviews with votes, by Wilson lower bound. */
const CATEGORIES: { title: CommunityCategory; sort: Record<string, SortOrder>; extra?: Record<string, unknown> }[] = [
  { title: 'recent', sort: { createdAt: -1, id: -1 } },
  { title: 'highest', sort: { pubTot: -1, createdAt: -1, id: -1 } },
  { title: 'lowest', sort: { pubTot: 1, createdAt: -1, id: -1 } },
  { title: 'relevant', sort: { wilson: -1, relTotal: -1, id: -1 }, extra: { relTotal: { $gt: 0 } } },
];

/**
 * The community page and a teacher's reviews: four categories of visible reviews, N each, empty
 * ones left out; cached under the public cache (a publish, vote or moderation action bumps it).
 * The caller's state (votes, favourites) is added per request and never cached.
 */
@Injectable()
export class CommunityService {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Vote.name) private readonly votes: Model<Vote>,
    @InjectModel(Favorite.name) private readonly favorites: Model<Favorite>,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicCache) private readonly cache: PublicCache,
  ) {}

  community(limit: number): Promise<CommunityCategoryBlock[]> {
    return this.cache.memo(`community:${limit}`, () => this.categories({ visible: true }, limit));
  }

  teacherReviews(teacherId: number, limit: number): Promise<CommunityCategoryBlock[]> {
    return this.cache.memo(`teacher:${teacherId}:${limit}`, () => this.categories({ visible: true, pubTeacherId: teacherId }, limit));
  }

  /** `{ "<id>": [vote, favourite] }` for the listed reviews; null/false for everyone when signed out. */
  async userState(userId: string | null, blocks: CommunityCategoryBlock[]): Promise<ReviewUserState> {
    const ids = [...new Set(blocks.flatMap((b) => b.reviews.map((r) => r.id)))];
    const state: ReviewUserState = Object.fromEntries(ids.map((id) => [String(id), [null, false]]));
    if (!userId || !ids.length) return state;
    const [votes, favorites] = await Promise.all([
      this.votes.find({ userId, reviewId: { $in: ids } }, { _id: 0, reviewId: 1, value: 1 }).lean().exec(),
      this.favorites.find({ userId, reviewId: { $in: ids } }, { _id: 0, reviewId: 1 }).lean().exec(),
    ]);
    for (const v of votes) state[String(v.reviewId)][0] = v.value;
    for (const f of favorites) state[String(f.reviewId)][1] = true;
    return state;
  }

  private async categories(filter: Record<string, unknown>, limit: number): Promise<CommunityCategoryBlock[]> {
    const catalogue = await this.catalogue.get();
    const lists = await Promise.all(
      CATEGORIES.map((c) => this.reviews.find({ ...filter, ...c.extra }, LIST_FIELDS).sort(c.sort).limit(limit).lean<ListedReview[]>().exec()),
    );
    return CATEGORIES.map((c, i) => ({
      title: c.title,
      reviews: lists[i].filter((r) => r.pub).map((r): PublicReview => toPublicReview(r, r.pub!, catalogue)),
    })).filter((block) => block.reviews.length > 0);
  }
}
