import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type CommunityCategoryBlock, type PublicReview, type ReviewUserState } from '@pupitre/contracts';
import { PublicCache } from '../cache/public-cache';
import { PublicationCore } from '../core/publication-core';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';
import { CATEGORY_ORDER, COMMUNITY_KEY, type ListEntry, listAt, teacherKey } from './review-lists';
import { toPublicReview } from './review-view';

/** The signed-out state of a cached list of blocks (the same for every anonymous reader). */
const signedOutState = new WeakMap<CommunityCategoryBlock[], string>();

/**
 * The community page and a teacher's reviews: four categories of visible reviews, N each, empty
 * ones left out. Served from the maintained lists (`review_lists`, one document read by `_id`, see
 * review-lists.ts), cached in memory under the public cache generation. The caller's state (votes,
 * favourites) is added per request and never cached.
 */
@Injectable()
export class CommunityService implements OnApplicationBootstrap {
  constructor(
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicCache) private readonly cache: PublicCache,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
  ) {}

  /** A database never built (new, or seeded behind the service's back) gets its lists before serving. */
  async onApplicationBootstrap(): Promise<void> {
    await this.publication.lists.ensureBuilt();
  }

  community(limit: number): Promise<CommunityCategoryBlock[]> {
    return this.categories(COMMUNITY_KEY, limit);
  }

  teacherReviews(teacherId: number, limit: number): Promise<CommunityCategoryBlock[]> {
    return this.categories(teacherKey(teacherId), limit);
  }

  /** `userState` as JSON text; signed out, serialized once per cached list. */
  async userStateJson(userId: string | null, blocks: CommunityCategoryBlock[]): Promise<string> {
    if (userId) return JSON.stringify(await this.userState(userId, blocks));
    let text = signedOutState.get(blocks);
    if (text === undefined) {
      text = JSON.stringify(await this.userState(null, blocks));
      signedOutState.set(blocks, text);
    }
    return text;
  }

  /** `{ "<id>": [vote, favourite] }` for the listed reviews; null/false for everyone when signed out. */
  async userState(userId: string | null, blocks: CommunityCategoryBlock[]): Promise<ReviewUserState> {
    const ids = [...new Set(blocks.flatMap((b) => b.reviews.map((r) => r.id)))];
    const state: ReviewUserState = Object.fromEntries(ids.map((id) => [String(id), [null, false]]));
    if (!userId || !ids.length) return state;
    // One read by `_id`: the user's index holds their votes and favourites.
    const index = await this.publication.users.get(userId);
    const favourites = new Set(index.favorites);
    for (const id of ids) state[String(id)] = [index.votes[String(id)] ?? null, favourites.has(id)];
    return state;
  }

  private categories(key: string, limit: number): Promise<CommunityCategoryBlock[]> {
    return this.cache.memo(`${key}:${limit}`, () => this.build(key, limit));
  }

  private async build(key: string, limit: number): Promise<CommunityCategoryBlock[]> {
    const [stored, catalogue] = await Promise.all([this.publication.lists.read(key), this.catalogue.get()]);
    if (!stored) {
      if (key === COMMUNITY_KEY) this.publication.lists.scheduleRebuild('*'); // never built: after this answer
      return [];
    }
    const view = (e: ListEntry): PublicReview =>
      toPublicReview(
        { id: e.id, relUp: e.relUp, relTotal: e.relTotal, createdAt: e.createdAt },
        { teacherId: e.teacherId, subjectId: e.subjectId, year: e.year, tot_rating: e.tot, text_rating: e.text } as Parameters<typeof toPublicReview>[1],
        catalogue,
      );
    // Reviews validated ahead of their publication instant show from then on (this answer expires then).
    const { doc, next } = listAt(stored, Date.now());
    if (next !== null) this.cache.expireAt(next);
    return CATEGORY_ORDER.map((title) => ({ title, reviews: (doc.cats[title] ?? []).slice(0, limit).map(view) })).filter((block) => block.reviews.length > 0);
  }
}
