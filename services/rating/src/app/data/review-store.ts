import { DependencyUnavailableError, markContended, writeRetried } from '@pupitre/server-kit';
import type { ClientSession, Collection, Filter } from 'mongodb';
import { withDerived } from '../reviews/list-keys';
import { type ReviewChange, type ReviewDoc } from '../reviews/review';
import { type ClaimMove, type ClassClaims } from './class-claims';
import { reviewOid } from './keys';
import { reviewUpdate } from './review-update';
import { type TeacherStatsStore } from './teacher-stats-store';

/** Reviews per round trip of a scan (the migrations, the erasures): a batch's documents are all held at once, and without
 * a size the server sends up to 16 MB of them (the first start at 1,000,000 reviews ran out of a 160 MiB heap). */
export const SCAN_BATCH = 500;

/** How many times a change is decided again when another writer changed the review first; then 503. */
export const CHANGE_ATTEMPTS = 25;

export interface ReviewWrite {
  before: ReviewDoc;
  after: ReviewDoc;
}

/** A write that must be stored with a change, in its transaction (a moderator's audit record). */
export type WithChange = (write: ReviewWrite, session: ClientSession) => Promise<void>;

/** A write sent again after a lost write conflict when it runs alone; in a transaction, the whole transaction is (inTransaction). */
const alone = <T>(session: unknown, write: () => Promise<T>): Promise<T> => (session ? write() : writeRetried(write));

/** Both writes that go with a review write, in its transaction; null when there are none. */
const withAlso = (claims: ClaimMove | null, also?: ClaimMove): ClaimMove | null =>
  claims && also
    ? async (session) => {
        await claims(session);
        await also(session);
      }
    : (claims ?? also ?? null);

/** Between two attempts on a contended review: a short random pause that grows with the attempts. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 20)));

// Every review write but a vote is a compare-and-set on `fence` (decided again by a pure function when another writer came
// first): no lock, so a writer paused or killed mid-change leaves nothing behind. It writes the fields it decided, never the
// votes (review-update.ts): votes are targeted writes (review-votes.ts) that leave `fence` alone. It stores the derived
// fields, the teacher's figures and the author's class claim (class-claims.ts) with it.
export class ReviewStore {
  constructor(
    private readonly docs: Collection<ReviewDoc>,
    private readonly stats: TeacherStatsStore,
    private readonly claims: ClassClaims,
  ) {}

  get(id: number): Promise<ReviewDoc | null> {
    return this.docs.findOne({ _id: reviewOid(id) });
  }

  /** Reviews by id, in that order, without their voters (a list of user ids that grows with the votes: review-votes.ts reads them). */
  async getMany(ids: number[]): Promise<ReviewDoc[]> {
    if (!ids.length) return [];
    const found = (await this.docs.find({ _id: { $in: ids.map(reviewOid) } }, { projection: { voters: 0 } }).toArray()).map((doc) => ({
      ...doc,
      voters: [],
    }));
    const byId = new Map(found.map((doc) => [doc.id, doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Inserts a new review (throws a duplicate-key error when its id, or its author's class (class-claims.ts), is taken). */
  async insert(doc: Omit<ReviewDoc, 'fence'>): Promise<void> {
    const stored = withDerived({ ...doc, fence: 0 });
    await this.stats.withReviewWrite(
      null,
      stored,
      async (session) => {
        await alone(session, () => this.docs.insertOne(stored, { session }));
        return true;
      },
      this.claims.move(null, stored),
    );
  }

  /** Applies `change` to review `id` (and `also` in its transaction). Null when there is no such review or nothing changed. */
  async change(id: number, change: ReviewChange, also?: WithChange): Promise<ReviewWrite | null> {
    for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
      const before = await this.get(id);
      if (!before) return null;
      const next = change(before);
      if (!next) return null;
      const version = before.fence ?? 0;
      const after = withDerived({ ...next, _id: before._id, id, fence: version + 1, updatedAt: new Date() });
      const written = await this.stats.withReviewWrite(
        before,
        after,
        async (session) => {
          const { guard, update } = reviewUpdate(before, after);
          const { matchedCount } = await alone(session, () =>
            this.docs.updateOne({ _id: before._id, fence: version, ...guard }, update as never, { session }),
          );
          return matchedCount === 1;
        },
        withAlso(this.claims.move(before, after), also && ((session) => also({ before, after }, session))),
      );
      if (written) return { before, after };
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
      const deleted = await this.stats.withReviewWrite(
        doc,
        null,
        async (session) => {
          const { deletedCount } = await alone(session, () => this.docs.deleteOne({ _id: doc._id, fence: doc.fence ?? 0 }, { session }));
          return deletedCount === 1;
        },
        this.claims.move(doc, null),
      );
      if (deleted) return doc;
      markContended();
      await pause(attempt);
    }
    throw new DependencyUnavailableError('database', new Error(`review ${id}: changed by others ${CHANGE_ATTEMPTS} times in a row`));
  }

  /** The ids of the approved versions whose release time has come (`releaseAt`, an index): at most `limit`. */
  async dueForRelease(now: Date, limit: number): Promise<number[]> {
    const docs = await this.docs.find({ releaseAt: { $lte: now } }, { projection: { _id: 0, id: 1 }, limit }).toArray();
    return docs.map((d) => d.id);
  }

  /** The reviews moderators must look at (`flagged`, an index), the longest unchanged first. */
  flagged(limit: number): Promise<ReviewDoc[]> {
    return this.docs.find({ flagged: true }).sort({ updatedAt: 1 }).limit(limit).toArray();
  }

  /**
   * Up to `limit` reviews holding a report decided at or before `cut` (index `reports.decidedAt`): their ids and their reports'
   * reporters, outcomes and decision dates only (retention sweep).
   */
  withReportsDecidedBefore(cut: Date, limit: number): Promise<Pick<ReviewDoc, 'id' | 'reports'>[]> {
    return this.docs
      .find(
        { 'reports.decidedAt': { $lte: cut } },
        { projection: { _id: 0, id: 1, 'reports.userId': 1, 'reports.outcome': 1, 'reports.decidedAt': 1 }, limit },
      )
      .toArray() as Promise<Pick<ReviewDoc, 'id' | 'reports'>[]>;
  }

  /**
   * Removes from reviews `ids` the reports `pull` selects (decided ones: the open totals `reportCount` and `reportWeight` stay
   * as they are), in one write by `_id`. It moves `fence`: a change decided meanwhile on the reports it read decides again.
   */
  async pullReports(ids: number[], pull: Record<string, unknown>): Promise<void> {
    if (!ids.length) return;
    await writeRetried(() =>
      this.docs.updateMany({ _id: { $in: ids.map(reviewOid) } }, { $pull: { reports: pull }, $inc: { fence: 1 } } as never),
    );
  }

  /** The ids of up to `limit` reviews `filter` selects (an indexed one: the retention sweep's). */
  async someIds(filter: Filter<ReviewDoc>, limit: number): Promise<number[]> {
    return (await this.docs.find(filter, { projection: { _id: 0, id: 1 }, limit }).toArray()).map((d) => d.id);
  }

  /** The reviews `filter` selects, in batches, with the fields `projection` names only (every field without one). */
  scan<T = ReviewDoc>(filter: Filter<ReviewDoc> = {}, projection?: Record<string, 0 | 1>): AsyncIterable<T> {
    return this.docs.find(filter, { batchSize: SCAN_BATCH, ...(projection ? { projection } : {}) }) as unknown as AsyncIterable<T>;
  }

  /** The ids of the reviews `filter` selects (an indexed one: the erasures), read a projection at a time. */
  async idsOf(filter: Filter<ReviewDoc>): Promise<number[]> {
    const ids: number[] = [];
    for await (const doc of this.scan<{ id: number }>(filter, { _id: 0, id: 1 })) ids.push(doc.id);
    return ids;
  }
}
