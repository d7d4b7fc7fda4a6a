import { writeRetried } from '@pupitre/server-kit';
import type { Collection, Filter } from 'mongodb';
import { type ReviewChange, type ReviewDoc } from '../reviews/review';
import { type ChangeFeed } from './change-feed';
import { reviewOid } from './keys';
import { type Lease, LeaseLostError, type Leases } from './leases';

/**
 * A holder paused past its lease found a newer writer's token on the document: it writes nothing.
 * A lost lease (503 if it outlasts the retries below), never a 500.
 */
export class StaleWriterError extends LeaseLostError {
  constructor(id: number) {
    super(`review:${id}`);
    this.message = `review ${id}: written by a newer lease holder`;
    this.name = 'StaleWriterError';
  }
}

/** A change that found a newer writer's token (its holder was paused) is read and decided again, this many times in all. */
export const STALE_WRITER_ATTEMPTS = 3;

export interface ReviewWrite {
  before: ReviewDoc;
  after: ReviewDoc;
}

/**
 * The reviews collection: every read and write of a review document, by `_id` (the one filter
 * FerretDB 1.x pushes down). A change is a read-modify-write of the one document under the review's
 * lease (leases.ts), fenced, announced on the change feed before and after; the decision itself is a
 * pure function of the document (reviews/review.ts). Scans are for start-up, erasure and moderation.
 */
export class ReviewStore {
  private readonly listeners: ((id: number, doc: ReviewDoc | null) => void)[] = [];

  constructor(
    private readonly docs: Collection<ReviewDoc>,
    private readonly leases: Leases,
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
    const docs = await Promise.all(ids.map((id) => this.get(id)));
    return docs.filter((d): d is ReviewDoc => d !== null);
  }

  /** Inserts a new review (throws the duplicate-key error of the unique author/teacher/subject/year index). */
  async insert(doc: Omit<ReviewDoc, 'fence'>): Promise<void> {
    await this.feed.intend(doc.id);
    await writeRetried(() => this.docs.insertOne({ ...doc, fence: 0 }));
    this.wrote(doc.id, { ...doc, fence: 0 });
    await this.feed.changed(doc.id, { ...doc, fence: 0 });
  }

  /** Applies `change` to review `id` under its lease. Null when there is no such review or nothing changed. */
  change(id: number, change: ReviewChange): Promise<ReviewWrite | null> {
    return this.underLease(id, async (lease) => {
      const before = await this.get(id);
      if (!before) return null;
      if ((before.fence ?? 0) > lease.token) throw new StaleWriterError(id);
      const next = change(before);
      if (!next) return null;
      const after: ReviewDoc = { ...next, _id: before._id, id, fence: lease.token, updatedAt: new Date() };
      await this.feed.intend(id);
      await lease.confirm();
      await this.docs.replaceOne({ _id: before._id }, after);
      this.wrote(id, after);
      await this.feed.changed(id, after);
      return { before, after };
    });
  }

  /** Deletes review `id` under its lease if `keep(doc)` says not to keep it; the deleted document, or null. */
  remove(id: number, shouldRemove: (doc: ReviewDoc) => boolean): Promise<ReviewDoc | null> {
    return this.underLease(id, async (lease) => {
      const doc = await this.get(id);
      if (!doc || !shouldRemove(doc)) return null;
      await this.feed.intend(id);
      await lease.confirm();
      await this.docs.deleteOne({ _id: doc._id });
      this.wrote(id, null);
      await this.feed.changed(id, null);
      return doc;
    });
  }

  /**
   * Runs `fn` under review `id`'s lease; a stale holder (nothing written yet: the check comes right
   * after the read) reads and decides again under a new lease.
   */
  private async underLease<T>(id: number, fn: (lease: Lease) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.leases.run(`review:${id}`, fn);
      } catch (err) {
        if (!(err instanceof StaleWriterError) || attempt >= STALE_WRITER_ATTEMPTS) throw err;
      }
    }
  }

  /** Every review matching `filter` (a scan on FerretDB: start-up, erasure, moderation). */
  scan(filter: Filter<ReviewDoc> = {}): AsyncIterable<ReviewDoc> {
    return this.docs.find(filter);
  }
}
