import { DependencyUnavailableError, markContended, writeRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { relevanceKey } from '../reviews/list-keys';
import { type ReviewDoc } from '../reviews/review';
import { ownVoteProjection, voteOf, votePipeline, type VotePipeline, type VoteValue } from '../reviews/votes';
import { reviewOid } from './keys';
import { SCAN_BATCH } from './review-store';
import { type TeacherStatsStore } from './teacher-stats-store';

/** How many times a vote is tried again when the voter's own previous vote changed meanwhile (their concurrent request). */
export const VOTE_ATTEMPTS = 10;
/** An erasure's vote removals in flight at once (each on another review: none waits for another). */
const ERASURE_WRITES = 8;

/** What a vote reads of its review: never the other voters (the caller's own vote only, ownVoteProjection). */
export type VoteTarget = Pick<ReviewDoc, '_id' | 'id' | 'visible' | 'teacherId' | 'authorId' | 'relUp' | 'relTotal' | 'voters'>;
export type VoteCounts = Pick<ReviewDoc, 'relUp' | 'relTotal'>;
type Written = Pick<ReviewDoc, '_id' | 'id' | 'teacherId' | 'visible' | 'relUp' | 'relTotal' | 'keys'>;

const TARGET = { _id: 1, id: 1, visible: 1, teacherId: 1, authorId: 1, relUp: 1, relTotal: 1 } as const;
const WRITTEN = { _id: 1, id: 1, teacherId: 1, visible: 1, relUp: 1, relTotal: 1, keys: 1 } as const;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 20)));

// Votes as targeted writes of the review (reviews/votes.ts): the vote, the counts and the `relevant` list key in one conditional
// `findOneAndUpdate`, no read-modify-replace of the document. Then the teacher's `rev`: every process's lists read again.
export class ReviewVotes {
  constructor(
    private readonly docs: Collection<ReviewDoc>,
    private readonly stats: TeacherStatsStore,
  ) {}

  /**
   * Sets `userId`'s vote on review `id` to `value` (null: removes it) on a public review; `check` throws when the caller may not
   * (a missing or non-public review, their own). The counts after it.
   *
   * A first vote is written at once, with what `check` asks in the write's filter (`allowed`: a public review, not theirs): one
   * write, no read. Only when it matches nothing (they voted before, or may not) is their own vote read, then checked.
   */
  async set(
    id: number,
    userId: string,
    value: VoteValue | null,
    check: (doc: VoteTarget | null) => void,
    allowed?: Record<string, unknown>,
  ): Promise<VoteCounts> {
    if (value !== null && allowed) {
      const written = await this.writeVote(reviewOid(id), votePipeline(userId, null, value)!, allowed);
      if (written) return { relUp: written.relUp, relTotal: written.relTotal };
    }
    for (let attempt = 1; attempt <= VOTE_ATTEMPTS; attempt += 1) {
      const doc = await this.docs.findOne({ _id: reviewOid(id) }, { projection: { ...TARGET, ...ownVoteProjection(userId) } });
      check(doc);
      const write = votePipeline(userId, voteOf(doc, userId), value);
      if (!write) return { relUp: doc!.relUp ?? 0, relTotal: doc!.relTotal ?? 0 };
      const written = await this.writeVote(doc!._id, write);
      if (written) return { relUp: written.relUp, relTotal: written.relTotal };
      markContended(); // their own other request changed the vote first, or the review left the public pages: read again
      await pause(attempt);
    }
    throw new DependencyUnavailableError('database', new Error(`review ${id}: the vote changed ${VOTE_ATTEMPTS} times in a row`));
  }

  /** A voter's vote on a public review: one write (votePipeline: the vote, its counts, its key), then the teacher's `rev`. */
  private async writeVote(_id: ReviewDoc['_id'], write: VotePipeline, allowed: Record<string, unknown> = {}): Promise<Written | null> {
    const written = await this.write(_id, write, { visible: true, ...allowed });
    if (written) await this.stats.revised(written.teacherId, listedChange(written, write.inc));
    return written;
  }

  /** `userId`'s vote on each of `ids` (null: none), reading their own vote only. */
  async ownVotes(ids: number[], userId: string): Promise<Map<number, VoteValue | null>> {
    if (!ids.length) return new Map();
    const docs = await this.docs
      .find({ _id: { $in: ids.map(reviewOid) } }, { projection: { _id: 0, id: 1, ...ownVoteProjection(userId) } })
      .toArray();
    return new Map(docs.map((doc) => [doc.id, voteOf(doc, userId)]));
  }

  /** `userId`'s votes (a copy of their data), by the index `voters.u`, at most `limit`, reading their own vote only. */
  async votesOf(userId: string, limit: number): Promise<{ id: number; v: VoteValue }[]> {
    const docs = await this.docs
      .find({ 'voters.u': userId }, { projection: { _id: 0, id: 1, ...ownVoteProjection(userId) }, limit })
      .toArray();
    return docs.flatMap((doc) => {
      const v = voteOf(doc, userId);
      return v === null ? [] : [{ id: doc.id, v }];
    });
  }

  /**
   * Every vote of `userId` out (an erasure), found by the index `voters.u`, each by one targeted write whatever the review's
   * state, ERASURE_WRITES at a time; each teacher's `rev` moves once at the end. How many were removed; idempotent.
   */
  async removeVoter(userId: string): Promise<number> {
    let removed = 0;
    const teachers = new Set<number>();
    for (let stalled = 0; stalled < VOTE_ATTEMPTS;) {
      const docs = await this.docs
        .find({ 'voters.u': userId }, { projection: { _id: 1, ...ownVoteProjection(userId) }, limit: SCAN_BATCH })
        .toArray();
      if (!docs.length) break;
      let progress = 0;
      await inParallel(docs, ERASURE_WRITES, async (doc) => {
        const write = votePipeline(userId, voteOf(doc, userId), null, { anyState: true });
        const written = write && (await this.write(doc._id, write));
        if (!written) return;
        progress += 1;
        if (written.visible) teachers.add(written.teacherId);
      });
      removed += progress;
      stalled = progress ? 0 : stalled + 1;
    }
    for (const teacherId of teachers) await this.stats.revised(teacherId);
    if (await this.docs.findOne({ 'voters.u': userId }, { projection: { _id: 1 } }))
      throw new DependencyUnavailableError('database', new Error(`the votes of a user changed ${VOTE_ATTEMPTS} times in a row`));
    return removed;
  }

  /**
   * One vote's write (votePipeline), where the review also matches `also` (a voter's request: a public review they may vote
   * on; an erasure: any state, the key then written only on a public review). What it left, or null when nothing matched.
   */
  private async write(_id: ReviewDoc['_id'], write: VotePipeline, also: Record<string, unknown> = {}): Promise<Written | null> {
    return (await writeRetried(() =>
      this.docs.findOneAndUpdate({ _id, ...also, ...write.filter } as never, write.update as never, {
        returnDocument: 'after',
        projection: WRITTEN,
      }),
    )) as Written | null;
  }
}

/**
 * The vote's change as the lists see the review (listed-change.ts): its counts and `relevant` key after the write, and before it
 * (the counts the review had: one vote less or more, or the other value; the key a function of them).
 */
function listedChange(written: Written, inc: VoteCounts): { before: ReviewDoc; after: ReviewDoc } {
  const counts = { relUp: written.relUp - inc.relUp, relTotal: written.relTotal - inc.relTotal };
  const relevant = relevanceKey(counts.relUp, counts.relTotal);
  const { relevant: _after, ...others } = written.keys ?? {};
  const before = { ...written, ...counts, keys: relevant === undefined ? others : { ...others, relevant } };
  return { before: before as unknown as ReviewDoc, after: written as unknown as ReviewDoc };
}

/** Runs `work` over `items`, at most `width` at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
