import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { releaseScheduleOf } from '../../config/release-env';
import { ReviewStore } from '../data/review-store';
import { type ReviewTask, TaskStore } from '../data/task-store';
import { replyValidated } from '../reviews/reply';
import { released, type ReviewDoc, validated, type ValidationOutcome } from '../reviews/review';
import { type OverdueResult, reconcileOverdue } from './overdue-tasks';
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
  // its teacher's reply if that is pending and due (the same job serves both).
  async validateDue(reviewId: number, version?: number): Promise<PublicationOutcome> {
    return (await this.validateNow(reviewId, version)).outcome;
  }

  /** As `validateDue`, with whether anything was validated (the review or its reply) and the review after. */
  async validateNow(
    reviewId: number,
    version?: number,
  ): Promise<{ outcome: PublicationOutcome; validated: boolean; after: ReviewDoc | null }> {
    let outcome: PublicationOutcome = 'skipped';
    const write = await this.reviews.change(reviewId, (current) => {
      const now = new Date();
      // The release its author was told (the next after its due time: publicAtOf), even when validated late (a lost job,
      // Redis out): a release already past is made by the reconciler's next step (releaseDue), not hours later.
      const decision = validated(current, now, nextRelease(this.schedule, new Date(current.publishAt)), version);
      outcome = decision?.outcome ?? 'skipped';
      const base = decision?.doc ?? current;
      const withReply = replyValidated(base, now);
      return withReply ?? decision?.doc ?? null;
    });
    return { outcome, validated: write !== null, after: write ? write.after : await this.reviews.get(reviewId) };
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

  /** One pass over the to-do list (overdue-tasks.ts): each overdue task on its own; a failing one is backed off, counted in `failed`. */
  reconcile(graceMs: number, onFailure?: (task: ReviewTask, err: Error) => void): Promise<OverdueResult> {
    return reconcileOverdue(this.reviews, this.tasks, this, graceMs, onFailure);
  }
}
