import { Inject, Injectable } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type CommunityCategory, type ReviewUserState } from '@pupitre/contracts';
import { APP_CONFIG, sharedWork } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { type Connection } from 'mongoose';
import { type RatingConfig } from '../../config/rating-config';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ReviewVotes } from '../data/review-votes';
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { type ReviewDoc } from '../reviews/review';
import { BoundedCache } from './bounded-cache';
import { type ArrayAnswer, arrayAnswer } from './json-body';
import { type HeldLists, touchesLists } from './listed-change';
import { toPublicReview } from './review-view';
import { type ListedReview, TopLists } from './top-lists';

export const CATEGORY_ORDER: CommunityCategory[] = ['recent', 'highest', 'lowest', 'relevant'];
export const MAX_LIMIT = 50;
/**
 * The community's lists are read again when the figures they follow move (the `crev` a change that can change them moves:
 * TeacherStatsStore.recent, seen within FIGURES_MAX_AGE_MS), and after this long once any public review changed (any `rev`
 * moved): whether a change can change them is judged against one process's lists (listed-change.ts), which hold only while
 * fewer reviews than COMMUNITY_MARGIN left them since that process read them. While no review changed, nothing can have
 * left them: they are kept as long as a teacher's (TEACHER_LISTS_MAX_AGE_MS).
 */
export const LISTS_MAX_AGE_MS = 30_000;
/** Lists read this long ago are still served, and read again in the background: a list in use never makes a reader wait for its age. */
export const LISTS_REFRESH_AFTER_MS = 25_000;
/**
 * A teacher's lists follow his `rev`, which every change of his public reviews moves (no judgement): a move that failed is
 * retried until it lands (TeacherStatsStore), and a process stopped between a write and its move is announced by its
 * replacement's start (DatabaseSetup moves the catalogue's version). What is left is a writer stopped and never replaced:
 * his lists are read again at the latest after this long.
 */
export const TEACHER_LISTS_MAX_AGE_MS = 10 * 60_000;
export const TEACHER_LISTS_REFRESH_AFTER_MS = TEACHER_LISTS_MAX_AGE_MS - 30_000;
/** Reviews read per community list below the MAX_LIMIT shown: whether a change can change the lists is judged against the
 * smallest key read (listed-change.ts), right while fewer than this many reviews left a list since it was read. */
export const COMMUNITY_MARGIN = 10;
/** Pages of teachers kept (each entry: four lists of at most MAX_LIMIT reviews). */
const TEACHER_PAGES = 500;
/** Answers kept per page read, one per `limit` asked (their text is made from the page's). */
const VIEWS_PER_PAGE = 4;

/** The lists as a `limit` asks them: their answer's text only (objects took several times its size), and the ids listed. */
export interface Lists {
  /** The blocks (categories with their reviews), then every listed review's state for a reader signed out. */
  answer: ArrayAnswer;
  ids: number[];
  at: number;
  /** What they were read at: the catalogue's generation, this process's own changes, the community's version or a teacher's `rev`. */
  version: string;
}

/** A page as it is kept: per category the JSON of each review listed (at most the page's size), whatever `limit` asked. */
export interface Page {
  blocks: { title: CommunityCategory; reviews: string[]; ids: number[] }[];
  at: number;
  version: string;
  held?: HeldLists;
  /** The community's: every teacher's `rev` summed when they were read (FiguresSnapshot.revs). */
  revs?: number;
  views: Map<number, Lists>;
}

// The community's and each teacher's lists (top-lists.ts) in bounded caches while the figures they follow hold: a teacher's
// `rev`, the community's version (the sum of every teacher's `crev`). Pages of fixed sizes (teacherPageSize): every `limit`
// is cut from one, so no `limit` reads the database again. No copy of the reviews is held: memory does not grow with their
// number.
@Injectable()
export class PublicLists {
  private readonly top: TopLists;
  private readonly reviews: Collection<ReviewDoc>;
  private readonly community = new BoundedCache<Page>(1);
  private readonly teachers = new BoundedCache<Page>(TEACHER_PAGES);
  /** The community's lists as last read: what a change is judged against (whether it moves the community's version). */
  private held?: HeldLists;

  constructor(
    @Inject(getConnectionToken()) connection: Connection,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
    @Inject(ReviewVotes) private readonly votes: ReviewVotes,
    @Inject(APP_CONFIG) private readonly config: Pick<RatingConfig, 'COMMUNITY_PER_CATEGORY'>,
  ) {
    this.reviews = connection.collection('reviews') as never;
    this.top = new TopLists(this.reviews);
    stats.judgeCommunity((before, after) => touchesLists(before, after, this.held));
  }

  async lists(limit: number, teacherId?: number): Promise<Lists> {
    const catalogue = await this.catalogue.get();
    const generation = this.catalogue.generation;
    const now = Date.now();
    const size = teacherId === undefined ? Math.max(limit, MAX_LIMIT) : teacherPageSize(limit, this.config.COMMUNITY_PER_CATEGORY);
    if (teacherId === undefined) {
      const { community, revs, stats } = await this.stats.recent();
      const version = `${generation}:${this.stats.communityChangesHere}:${community}`;
      const total = () => [...stats.values()].reduce((sum, s) => sum + s.reviewCount, 0);
      // No review changed since they were read: they cannot be wrong, only a stopped writer's change unannounced.
      const unchanged = (l: Page) => l.revs === revs;
      const page = await this.community.get(
        String(size),
        (l) => l.version === version && now - l.at < (unchanged(l) ? TEACHER_LISTS_MAX_AGE_MS : LISTS_MAX_AGE_MS),
        () =>
          sharedWork(async () => {
            const read = await this.read(size, COMMUNITY_MARGIN, { delisted: [...catalogue.delisted], total: total() }, version);
            this.held = read.held;
            return { ...read, revs };
          }),
        (l) => now - l.at >= (unchanged(l) ? TEACHER_LISTS_REFRESH_AFTER_MS : LISTS_REFRESH_AFTER_MS),
      );
      return viewOf(page, limit);
    }
    const { rev, reviewCount } = await this.stats.of(teacherId);
    const version = `${generation}:${rev}`;
    const page = await this.teachers.get(
      `${teacherId}:${size}`,
      (l) => l.version === version && now - l.at < TEACHER_LISTS_MAX_AGE_MS,
      () => sharedWork(() => this.read(size, 0, { teacherId, delisted: [], total: reviewCount }, version)),
      (l) => now - l.at >= TEACHER_LISTS_REFRESH_AFTER_MS,
    );
    return viewOf(page, limit);
  }

  private async read(
    size: number,
    margin: number,
    scope: { teacherId?: number; delisted: number[]; total: number },
    version: string,
  ): Promise<Page> {
    const at = Date.now();
    const catalogue = await this.catalogue.get();
    const lists = await Promise.all(CATEGORY_ORDER.map((category) => this.top.top(category, size + margin, scope)));
    const blocks = CATEGORY_ORDER.map((title, i) => {
      const shown = lists[i].slice(0, size).filter((r): r is ListedReview & { pub: NonNullable<ListedReview['pub']> } => r.pub !== null);
      return { title, reviews: shown.map((r) => JSON.stringify(toPublicReview(r, r.pub, catalogue))), ids: shown.map((r) => r.id) };
    }).filter((block) => block.reviews.length > 0);
    const held: HeldLists = {
      ids: new Set(blocks.flatMap((b) => b.ids)),
      cutoffs: Object.fromEntries(
        CATEGORY_ORDER.map((category, i) => {
          const rows = lists[i];
          return [category, rows.length >= size + margin ? (rows[rows.length - 1].keys?.[category] ?? null) : null];
        }),
      ),
    };
    return { blocks, at, version, held, views: new Map() };
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

/**
 * A teacher's page size for `limit`: the usual one (COMMUNITY_PER_CATEGORY) up to it, else MAX_LIMIT (at most two pages per
 * teacher, whatever clients ask; the usual one reads a fifth of the reviews). The community's is always MAX_LIMIT: the
 * changes that move its version are judged against that one page (listed-change.ts), the same in every process.
 */
export const teacherPageSize = (limit: number, usual: number): number => (limit <= usual ? usual : Math.max(limit, MAX_LIMIT));

/** The lists `limit` asks, cut from a page (made once per page and `limit`: the same text as reading them with that `limit`). */
export function viewOf(page: Page, limit: number): Lists {
  let view = page.views.get(limit);
  if (view) return view;
  const blocks = page.blocks.map((b) => `{"title":${JSON.stringify(b.title)},"reviews":[${b.reviews.slice(0, limit).join(',')}]}`);
  const ids = [...new Set(page.blocks.flatMap((b) => b.ids.slice(0, limit)))];
  view = { answer: arrayAnswer(`[${blocks.join(',')}]`, JSON.stringify(signedOutState(ids))), ids, at: page.at, version: page.version };
  if (page.views.size >= VIEWS_PER_PAGE) page.views.delete(page.views.keys().next().value as number);
  page.views.set(limit, view);
  return view;
}

/** The state of every listed review for a reader signed out: no vote, no favourite. */
const signedOutState = (ids: number[]): ReviewUserState => Object.fromEntries(ids.map((id) => [String(id), [null, false]]));
