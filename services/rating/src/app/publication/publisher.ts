import { Inject, Injectable } from '@nestjs/common';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { replyPending, replyValidated } from '../reviews/reply';
import { validated, type ValidationOutcome } from '../reviews/review';

export type PublicationOutcome = ValidationOutcome | 'skipped';

// The automatic validation when due (the `publish-review` job, the reconciler for lost jobs). Idempotent; a review is public from
// the write of its validation, never before.
@Injectable()
export class Publisher {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
  ) {}

  // Validates review `reviewId` if its latest version (or exactly `version`) is pending and due, and
  // its teacher's reply if that is pending and due (the same job and to-do list serve both).
  async validateDue(reviewId: number, version?: number): Promise<PublicationOutcome> {
    let outcome: PublicationOutcome = 'skipped';
    await this.reviews.change(reviewId, (current) => {
      const now = new Date();
      const decision = validated(current, now, version);
      if (decision) outcome = decision.outcome;
      const base = decision?.doc ?? current;
      const withReply = replyValidated(base, now);
      return withReply ?? decision?.doc ?? null;
    });
    return outcome;
  }

  // One pass over the to-do list: validates every review overdue by more than `graceMs` (its job
  // was lost: worker down, Redis flushed) and drops the tasks of reviews no longer pending.
  async reconcile(graceMs: number): Promise<{ published: number; done: number }> {
    let published = 0;
    let done = 0;
    const overdueBefore = Date.now() - graceMs;
    // Only the tasks past their time and the grace: the others' jobs are still to come (a burst of
    // pending reviews costs no read here); a task finished early is dropped once it is that old.
    const due = (await this.tasks.list()).filter((t) => new Date(t.publishAt ?? 0).getTime() < overdueBefore);
    for (const task of due.sort((a, b) => new Date(a.publishAt ?? 0).getTime() - new Date(b.publishAt ?? 0).getTime())) {
      const review = await this.reviews.get(task.reviewId);
      if (review && (review.status === 'pending' || replyPending(review))) {
        if ((await this.validateDue(task.reviewId)) !== 'skipped') published++;
        continue;
      }
      // Not pending (or gone): nothing left to do, unless an edit wrote a newer task meanwhile.
      if (await this.tasks.doneIfUnchanged(task)) done++;
    }
    return { published, done };
  }
}
