import { type Collection, type Connection } from 'mongoose';

/** Work left on one review: its publication is due at `publishAt`, or an aggregate change may be unsettled. */
export interface ReviewTask {
  _id: string;
  reviewId: number;
  publishAt: Date | null;
}

export const reviewTaskKey = (reviewId: number) => `review:${reviewId}`;

/**
 * The reconciler's to-do list (`review_tasks`): one small document per review with work pending, so
 * the reconciler reads a handful of documents instead of scanning every review (FerretDB 1.x scans
 * any filter but `_id`). A task is written BEFORE the review change that needs it (creation, edit,
 * a transition that moves aggregates) and removed, under the review's lock, once the review is
 * neither pending nor unsettled: a crash in between leaves a task, never lost work.
 */
export class ReviewTasks {
  readonly tasks: Collection<ReviewTask>;

  constructor(connection: Connection) {
    this.tasks = connection.collection<ReviewTask>('review_tasks');
  }

  /** Records that review `reviewId` needs the reconciler's attention (publication due at `publishAt`, or null). */
  async add(reviewId: number, publishAt: Date | null): Promise<void> {
    await this.tasks.updateOne({ _id: reviewTaskKey(reviewId) }, { $set: { reviewId, publishAt } }, { upsert: true });
  }

  /** Removes the task (callers hold the review's lock and found nothing left to do). */
  async done(reviewId: number): Promise<void> {
    await this.tasks.deleteOne({ _id: reviewTaskKey(reviewId) });
  }

  /** Every task (a short list: the reviews pending or in the middle of a change). */
  list(limit = 5000): Promise<ReviewTask[]> {
    return this.tasks.find({}).limit(limit).toArray();
  }
}
