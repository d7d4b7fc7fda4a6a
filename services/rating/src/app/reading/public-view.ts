import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type CommunityCategoryBlock, type ReviewUserState } from '@pupitre/contracts';
import { APP_CONFIG, createCommandConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { ChangeFeed } from '../data/change-feed';
import { ReviewStore } from '../data/review-store';
import { type ReviewDoc, voteIn } from '../reviews/review';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { CATEGORY_ORDER, PublicIndex } from './public-index';
import { entryToPublicReview } from './review-view';

/**
 * The API process's public view: the public index (public-index.ts) kept in step with the review
 * documents, and the lists built from it. Loaded whole before the process serves; then this
 * process's own writes are applied as they happen and the others' arrive as change notices. A
 * (re)subscription to the notices means some may have been missed: everything is read again.
 */
@Injectable()
export class PublicView implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly index = new PublicIndex();
  private readonly logger = new Logger('PublicView');
  private subscriber?: Redis;
  private loaded = false;
  private resyncing?: Promise<void>;
  /** Reviews announced while a resync reads everything: read again once it is done. */
  private readonly noticedDuringResync = new Set<number>();

  constructor(
    @Inject(ReviewStore) private readonly store: ReviewStore,
    @Inject(ChangeFeed) private readonly feed: ChangeFeed,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(APP_CONFIG) private readonly config: { REDIS_URL: string },
  ) {
    store.onWrite((id, doc) => this.index.apply(id, doc));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriber = createCommandConnection(this.config.REDIS_URL, () => undefined, { maxRetriesPerRequest: null });
    this.feed.follow(this.subscriber, {
      review: (id, doc) => this.noticed(id, doc),
      catalogue: () => this.catalogue.invalidate(),
      resync: () => {
        if (this.loaded) void this.resync();
      },
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000); // without Redis: serve what the database says, follow later
      this.subscriber?.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.resync();
    this.loaded = true;
  }

  onApplicationShutdown(): void {
    this.feed.close();
  }

  /** Another process wrote review `id`: its document as written, or read it again. */
  private noticed(id: number, doc?: Record<string, unknown> | null): void {
    if (this.resyncing) this.noticedDuringResync.add(id);
    if (doc === undefined) void this.reload(id);
    else this.index.apply(id, doc as unknown as ReviewDoc | null);
  }

  private async reload(id: number): Promise<void> {
    try {
      this.index.apply(id, await this.store.get(id));
    } catch (err) {
      this.logger.warn({ msg: 'could not read a changed review', reviewId: id, error: (err as Error).message });
    }
  }

  /** Reads every review again (one pass at a time). */
  resync(): Promise<void> {
    this.resyncing ??= (async () => {
      const started = Date.now();
      const docs: ReviewDoc[] = [];
      for await (const doc of this.store.scan()) docs.push(doc);
      this.index.load(docs);
      this.catalogue.invalidate();
      const again = [...this.noticedDuringResync];
      this.noticedDuringResync.clear();
      await Promise.all(again.map((id) => this.reload(id)));
      this.logger.log({ msg: 'public index loaded', reviews: docs.length, public: this.index.size, ms: Date.now() - started });
    })().finally(() => (this.resyncing = undefined));
    return this.resyncing;
  }

  /** The categories of the community (teacherId undefined) or of a teacher, `limit` reviews each, empty ones left out. */
  async lists(limit: number, teacherId?: number): Promise<CommunityCategoryBlock[]> {
    const catalogue = await this.catalogue.get();
    this.index.setDelisted(catalogue.delisted);
    return this.index.memo(`lists:${teacherId ?? '*'}:${limit}:${this.catalogue.generation}`, () => {
      const categories = this.index.categories(teacherId);
      return CATEGORY_ORDER.map((title) => ({
        title,
        reviews: categories[title].slice(0, limit).map((e) => entryToPublicReview(e, catalogue)),
      })).filter((block) => block.reviews.length > 0);
    });
  }

  /** `{ "<id>": [vote, favourite] }` for the listed reviews (null/false for everyone when signed out). */
  userState(blocks: CommunityCategoryBlock[], userId: string | null, favourites: ReadonlySet<number> = new Set()): ReviewUserState {
    const ids = new Set(blocks.flatMap((b) => b.reviews.map((r) => r.id)));
    const state: ReviewUserState = {};
    for (const id of ids) {
      const entry = userId ? this.index.get(id) : undefined;
      state[String(id)] = [entry ? voteIn(entry.votes, userId!) : null, favourites.has(id)];
    }
    return state;
  }
}
