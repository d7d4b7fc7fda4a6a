import { upsertRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { Schema } from 'mongoose';

/** What a task waits for: a review's latest version, or its teacher's reply (each its own key: one never moves the other). */
export type TaskKind = 'review' | 'reply';

/** A review version (or a reply) waiting for its validation; the reconciler takes it once `publishAt` is past by its grace. */
export interface ReviewTask {
  _id: string;
  reviewId: number;
  /** Absent on tasks of earlier releases (`review:<id>`, which served the reply too). */
  kind?: TaskKind;
  /** When it is due; a failed attempt moves it by the back-off. Null on tasks of the earlier design: taken at once. */
  publishAt: Date | null;
  /** Failed attempts so far (absent: none), the last one's error, when it is tried again. */
  attempts?: number;
  lastError?: string;
  retryAt?: Date;
}

/** Read by an index on the due time (oldest first, in pages), and the failing ones by their attempts (the moderators' health). */
export const ReviewTaskSchema = new Schema(
  {},
  { collection: 'review_tasks', strict: false, versionKey: false, id: false, autoCreate: true },
);
ReviewTaskSchema.index({ publishAt: 1 });
ReviewTaskSchema.index({ attempts: 1 });

export const taskKey = (reviewId: number, kind: TaskKind = 'review') => `${kind}:${reviewId}`;

/** The wait before attempt n+1 after n failures: the base doubled each time, at most `maxMs`. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}

// The reconciler's to-do list: one document per pending review version and per pending reply, written BEFORE the review, so
// a lost job is still done without scanning every review.
export class TaskStore {
  constructor(private readonly docs: Collection<ReviewTask>) {}

  /**
   * A review's task is replaced (a new version: its time, no failures). A reply's keeps the earlier of the two times: a
   * refused reply never moves a pending one's task later (the reconciler moves an early one to its reply's time).
   */
  async add(reviewId: number, publishAt: Date, kind: TaskKind = 'review'): Promise<void> {
    const _id = taskKey(reviewId, kind);
    if (kind === 'review') await upsertRetried(() => this.docs.replaceOne({ _id }, { reviewId, kind, publishAt }, { upsert: true }));
    else
      await upsertRetried(() => this.docs.updateOne({ _id }, { $min: { publishAt }, $setOnInsert: { reviewId, kind } }, { upsert: true }));
  }

  /** Drops the review's tasks (its versions' and its reply's): the review is gone. */
  async done(reviewId: number): Promise<void> {
    await this.docs.deleteMany({ _id: { $in: [taskKey(reviewId, 'review'), taskKey(reviewId, 'reply')] } });
  }

  /** Removes `task` unless rewritten since read: the read `publishAt` is in the delete's filter, so an edit landing in between keeps its task. */
  async doneIfUnchanged(task: ReviewTask): Promise<boolean> {
    return (await this.docs.deleteOne({ _id: task._id, publishAt: task.publishAt })).deletedCount === 1;
  }

  /** Moves `task` to `publishAt` (its review's own time, later), unless rewritten since read. */
  async moveIfUnchanged(task: ReviewTask, publishAt: Date): Promise<boolean> {
    return (await this.docs.updateOne({ _id: task._id, publishAt: task.publishAt }, { $set: { publishAt } })).modifiedCount === 1;
  }

  /**
   * Records a failed attempt in the task itself (one atomic write, a compare-and-set on the read due time): its count, its
   * error, and its next try `delayMs` from `now` (`publishAt` is set `graceMs` earlier, as the reconciler adds its grace).
   */
  async failed(task: ReviewTask, error: string, now: Date, delayMs: number, graceMs: number): Promise<boolean> {
    const retryAt = new Date(now.getTime() + delayMs);
    const { modifiedCount } = await this.docs.updateOne(
      { _id: task._id, publishAt: task.publishAt },
      { $inc: { attempts: 1 }, $set: { publishAt: new Date(retryAt.getTime() - graceMs), retryAt, lastError: error.slice(0, 300) } },
    );
    return modifiedCount === 1;
  }

  /** Due before `before`, oldest first, at most `limit` (tasks of the earlier design, with no time, first). */
  async duePage(before: Date, limit: number): Promise<ReviewTask[]> {
    const undated = await this.docs.find({ publishAt: null }).limit(limit).toArray();
    if (undated.length >= limit) return undated;
    const dated = await this.docs
      .find({ publishAt: { $lt: before } })
      .sort({ publishAt: 1 })
      .limit(limit - undated.length)
      .toArray();
    return [...undated, ...dated];
  }

  /** The tasks that failed at least once (most attempts first, at most `limit`) and how many there are. */
  async failing(limit: number): Promise<{ count: number; tasks: ReviewTask[] }> {
    const filter = { attempts: { $gte: 1 } };
    const [count, tasks] = await Promise.all([
      this.docs.countDocuments(filter),
      this.docs.find(filter).sort({ attempts: -1 }).limit(limit).toArray(),
    ]);
    return { count, tasks };
  }

  /** The reviews of the failing tasks (one per task: a review and its reply count twice), at most `limit`, read by the same index. */
  async failingReviewIds(limit: number): Promise<number[]> {
    const docs = await this.docs
      .find({ attempts: { $gte: 1 } }, { projection: { _id: 0, reviewId: 1 } })
      .limit(limit)
      .toArray();
    return docs.map((d) => d.reviewId);
  }
}
