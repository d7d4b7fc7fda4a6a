import { Inject, Injectable } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type CommunityCategory, type ReviewUserState } from '@pupitre/contracts';
import { sharedWork } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { type Connection } from 'mongoose';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ReviewStore } from '../data/review-store';
import { ReviewVotes } from '../data/review-votes';
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { type ReviewDoc } from '../reviews/review';
import { BoundedCache } from './bounded-cache';
import { type ArrayAnswer, arrayAnswer } from './json-body';
import { toPublicReview } from './review-view';
import { type ListedReview, TopLists } from './top-lists';

export const CATEGORY_ORDER: CommunityCategory[] = ['recent', 'highest', 'lowest', 'relevant'];
export const MAX_LIMIT = 50;
/**
 * The lists are read again when the figures move (TeacherStatsStore.recent: every public change moves a teacher's `rev`,
 * seen within FIGURES_MAX_AGE_MS), and at the latest after this long: a process stopped between a vote's write and the
 * `rev` it moves after it (teacher-stats-store.ts) leaves them stale no longer.
 */
export const LISTS_MAX_AGE_MS = 30_000;
/** Lists read this long ago are still served, and read again in the background: a list in use never makes a reader wait for its age. */
export const LISTS_REFRESH_AFTER_MS = 25_000;
/** Pages of teachers kept (each entry: four lists of at most MAX_LIMIT reviews). */
const TEACHER_PAGES = 500;

/** Lists as they are kept: their answer's text only (objects took several times its size), and the ids listed. */
export interface Lists {
  /** The blocks (categories with their reviews), then every listed review's state for a reader signed out. */
  answer: ArrayAnswer;
  ids: number[];
  at: number;
  /** What they were read at: the catalogue's generation, this process's own changes, the figures' revision or a teacher's `rev`. */
  version: string;
}

// The community's and each teacher's lists (top-lists.ts) in bounded caches while the figures they follow hold: a teacher's
// `rev`, the sum of every teacher's for the community. No copy of the reviews is held: memory does not grow with their number.
@Injectable()
export class PublicLists {
  private readonly top: TopLists;
  private readonly reviews: Collection<ReviewDoc>;
  private readonly community = new BoundedCache<Lists>(MAX_LIMIT);
  private readonly teachers = new BoundedCache<Lists>(TEACHER_PAGES);
  /** This process's own changes of public reviews: its community lists are read again at once after them (a teacher's: `stats.of`). */
  private localChanges = 0;

  constructor(
    @Inject(getConnectionToken()) connection: Connection,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
    @Inject(ReviewStore) store: ReviewStore,
    @Inject(ReviewVotes) private readonly votes: ReviewVotes,
  ) {
    store.onPublicChange(() => this.localChanges++);
    this.reviews = connection.collection('reviews') as never;
    this.top = new TopLists(this.reviews);
  }

  async lists(limit: number, teacherId?: number): Promise<Lists> {
    const catalogue = await this.catalogue.get();
    const generation = this.catalogue.generation;
    const now = Date.now();
    const aging = (l: Lists) => now - l.at >= LISTS_REFRESH_AFTER_MS;
    if (teacherId === undefined) {
      const { revision, stats } = await this.stats.recent();
      const version = `${generation}:${this.localChanges}:${revision}`;
      const total = () => [...stats.values()].reduce((sum, s) => sum + s.reviewCount, 0);
      return this.community.get(
        String(limit),
        (l) => l.version === version && now - l.at < LISTS_MAX_AGE_MS,
        () => sharedWork(() => this.read(limit, { delisted: [...catalogue.delisted], total: total() }, version)),
        aging,
      );
    }
    const { rev, reviewCount } = await this.stats.of(teacherId);
    const version = `${generation}:${rev}`;
    return this.teachers.get(
      `${teacherId}:${limit}`,
      (l) => l.version === version && now - l.at < LISTS_MAX_AGE_MS,
      () => sharedWork(() => this.read(limit, { teacherId, delisted: [], total: reviewCount }, version)),
      aging,
    );
  }

  private async read(limit: number, scope: { teacherId?: number; delisted: number[]; total: number }, version: string): Promise<Lists> {
    const at = Date.now();
    const catalogue = await this.catalogue.get();
    const lists = await Promise.all(CATEGORY_ORDER.map((category) => this.top.top(category, limit, scope)));
    const blocks = CATEGORY_ORDER.map((title, i) => ({
      title,
      reviews: lists[i]
        .filter((r): r is ListedReview & { pub: NonNullable<ListedReview['pub']> } => r.pub !== null)
        .map((r) => toPublicReview(r, r.pub, catalogue)),
    })).filter((block) => block.reviews.length > 0);
    const ids = [...new Set(blocks.flatMap((b) => b.reviews.map((r) => r.id)))];
    return { answer: arrayAnswer(JSON.stringify(blocks), JSON.stringify(signedOutState(ids))), ids, at, version };
  }

  /** `{ "<id>": [vote, favourite] }` for the listed reviews, as user `userId` sees them. */
  async userState(ids: number[], userId: string, favourites: ReadonlySet<number>): Promise<ReviewUserState> {
    const votes = await this.votes.ownVotes(ids, userId);
    const state: ReviewUserState = {};
    for (const id of ids) {
      const vote = votes.get(id) ?? null;
      state[String(id)] = [vote === null ? null : vote === 1, favourites.has(id)];
    }
    return state;
  }

  async reviewsOf(teacherId: number, limit: number): Promise<ListedReview[]> {
    return this.top.top('recent', limit, { teacherId, delisted: [], total: (await this.stats.of(teacherId)).reviewCount });
  }
}

/** The state of every listed review for a reader signed out: no vote, no favourite. */
const signedOutState = (ids: number[]): ReviewUserState => Object.fromEntries(ids.map((id) => [String(id), [null, false]]));
