import { DependencyUnavailableError, markContended, writeRetried } from '@pupitre/server-kit';
import type { Collection, Filter } from 'mongodb';
import { type ReviewChange, type ReviewDoc } from '../reviews/review';
import { type ChangeFeed } from './change-feed';
import { reviewOid } from './keys';

/** How many times a change is decided again when another writer changed the review first; then 503. */
export const CHANGE_ATTEMPTS = 25;

export interface ReviewWrite {
  before: ReviewDoc;
  after: ReviewDoc;
}

/** Between two attempts on a contended review: a short random pause that grows with the attempts. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 20)));

/**
 * The reviews collection: every read and write of a review document. A change is decided by a
 * pure function of the document (reviews/review.ts) and written with a compare-and-set: the write's
 * filter holds the version it was decided on (`fence`), so it lands only if no other writer changed
 * the review meanwhile; otherwise it is read and decided again. No lock is held anywhere: a writer
 * paused or killed mid-change leaves nothing behind, and cannot overwrite a newer write.
 */
export class ReviewStore {
  private readonly listeners: ((id: number, doc: ReviewDoc | null) => void)[] = [];

  constructor(
    private readonly docs: Collection<ReviewDoc>,
    private readonly feed: ChangeFeed,
  ) {}

  /** Called with each document this process writes (null: deleted), right after the write. */
  onWrite(listener: (id: number, doc: ReviewDoc | null) => void): void {
    this.listeners.push(listener);
  }

  private wrote(id: number, doc: ReviewDoc | null): void {
    for (const listener of this.listeners) listener(id, doc);
  }

  get(id: number): Promise<ReviewDoc | null> {
    return this.docs.findOne({ _id: reviewOid(id) });
  }

  /** The existing ones among `ids`, in the order given. */
  async getMany(ids: number[]): Promise<ReviewDoc[]> {
    if (!ids.length) return [];
    const found = await this.docs.find({ _id: { $in: ids.map(reviewOid) } }).toArray();
    const byId = new Map(found.map((doc) => [doc.id, doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Inserts a new review (throws the duplicate-key error of the unique author/teacher/subject/year index). */
  async insert(doc: Omit<ReviewDoc, 'fence'>): Promise<void> {
    const stored = { ...doc, fence: 0 };
    await this.feed.intend(doc.id);
    await writeRetried(() => this.docs.insertOne(stored));
    this.wrote(doc.id, stored);
    await this.feed.changed(doc.id, stored);
  }

  /** Applies `change` to review `id`. Null when there is no such review or nothing changed. */
  async change(id: number, change: ReviewChange): Promise<ReviewWrite | null> {
    for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
      const before = await this.get(id);
      if (!before) return null;
      const next = change(before);
      if (!next) return null;
      const version = before.fence ?? 0;
      const after: ReviewDoc = { ...next, _id: before._id, id, fence: version + 1, updatedAt: new Date() };
      await this.feed.intend(id);
      const { matchedCount } = await writeRetried(() => this.docs.replaceOne({ _id: before._id, fence: version }, after));
      if (matchedCount === 1) {
        this.wrote(id, after);
        await this.feed.changed(id, after);
        return { before, after };
      }
      markContended();
      await pause(attempt);
    }
    throw new DependencyUnavailableError('database', new Error(`review ${id}: changed by others ${CHANGE_ATTEMPTS} times in a row`));
  }

  /** Deletes review `id` if `shouldRemove(doc)` says so (a compare-and-set too); the deleted document, or null. */
  async remove(id: number, shouldRemove: (doc: ReviewDoc) => boolean): Promise<ReviewDoc | null> {
    for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
      const doc = await this.get(id);
      if (!doc || !shouldRemove(doc)) return null;
      await this.feed.intend(id);
      const { deletedCount } = await writeRetried(() => this.docs.deleteOne({ _id: doc._id, fence: doc.fence ?? 0 }));
      if (deletedCount === 1) {
        this.wrote(id, null);
        await this.feed.changed(id, null);
        return doc;
      }
      markContended();
      await pause(attempt);
    }
    throw new DependencyUnavailableError('database', new Error(`review ${id}: changed by others ${CHANGE_ATTEMPTS} times in a row`));
  }

  /** Every review matching `filter` (start-up, erasure, moderation). */
  scan(filter: Filter<ReviewDoc> = {}): AsyncIterable<ReviewDoc> {
    return this.docs.find(filter);
  }
}
