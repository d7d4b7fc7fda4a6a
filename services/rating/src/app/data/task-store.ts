import { upsertRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';

/** A review whose latest version waits for its validation, due at `publishAt`. */
export interface ReviewTask {
  _id: string;
  reviewId: number;
  /** Null for tasks written by the earlier design (a half-applied change): dropped once their review is read. */
  publishAt: Date | null;
}

const taskKey = (reviewId: number) => `review:${reviewId}`;

// The reconciler's to-do list: one document per pending review, written BEFORE the review, so a lost job is still done
// without scanning every review.
export class TaskStore {
  constructor(private readonly docs: Collection<ReviewTask>) {}

  async add(reviewId: number, publishAt: Date): Promise<void> {
    await upsertRetried(() => this.docs.replaceOne({ _id: taskKey(reviewId) }, { reviewId, publishAt }, { upsert: true }));
  }

  async done(reviewId: number): Promise<void> {
    await this.docs.deleteOne({ _id: taskKey(reviewId) });
  }

  /** Removes `task` unless rewritten since read: the read `publishAt` is in the delete's filter, so an edit landing in between keeps its task. */
  async doneIfUnchanged(task: ReviewTask): Promise<boolean> {
    return (await this.docs.deleteOne({ _id: task._id, publishAt: task.publishAt })).deletedCount === 1;
  }

  /** Every task (a short list: the pending reviews). */
  list(limit = 5000): Promise<ReviewTask[]> {
    return this.docs.find({}).limit(limit).toArray();
  }
}
