import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { releaseScheduleOf } from '../../config/release-env';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { replyPending, replyValidated } from '../reviews/reply';
import { released, validated, type ValidationOutcome } from '../reviews/review';
import { nextRelease, type ReleaseSchedule } from './release-schedule';

export type PublicationOutcome = ValidationOutcome | 'skipped';
type ReleaseConfig = Parameters<typeof releaseScheduleOf>[0];

/** Reviews released per pass at most (the next pass takes the rest). */
const RELEASE_BATCH = 1000;

// The automatic validation when due (the `publish-review` job, the reconciler for lost jobs), then the release: a version that
// passed is public at the next release time (release-schedule.ts), all of a release at once, never at its validation. Idempotent.
@Injectable()
export class Publisher {
  private readonly schedule: ReleaseSchedule;

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(APP_CONFIG) config: ReleaseConfig,
  ) {
    this.schedule = releaseScheduleOf(config);
  }

  // Validates review `reviewId` if its latest version (or exactly `version`) is pending and due, and
  // its teacher's reply if that is pending and due (the same job and to-do list serve both).
  async validateDue(reviewId: number, version?: number): Promise<PublicationOutcome> {
    let outcome: PublicationOutcome = 'skipped';
    await this.reviews.change(reviewId, (current) => {
      const now = new Date();
      const decision = validated(current, now, nextRelease(this.schedule, now), version);
      if (decision) outcome = decision.outcome;
      const base = decision?.doc ?? current;
      const withReply = replyValidated(base, now);
      return withReply ?? decision?.doc ?? null;
    });
    return outcome;
  }

  /** The release a version validated at `now` waits for. */
  releaseAfter(now: Date): Date {
    return nextRelease(this.schedule, now);
  }

  /**
   * Makes public every approved version whose release time has come, in a random order (the order of a release says
   * nothing of when its reviews were written): each write a compare-and-set, dated to the release. Returns how many.
   */
  async releaseDue(now = new Date()): Promise<number> {
    const due = await this.reviews.dueForRelease(now, RELEASE_BATCH);
    for (let i = due.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [due[i], due[j]] = [due[j], due[i]];
    }
    let count = 0;
    for (const id of due) if (await this.reviews.change(id, (current) => released(current, now))) count++;
    return count;
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
