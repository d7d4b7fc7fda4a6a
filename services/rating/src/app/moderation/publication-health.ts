import { Inject, Injectable } from '@nestjs/common';
import { type PublicationHealth } from '@pupitre/contracts';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { conflicts, type Moderator } from './moderation.service';

/** Failing tasks listed at most (the count covers them all). */
const LISTED = 20;
/**
 * Failing tasks whose reviews are read for a moderator with a teacher record (each is an incident: a handful). Beyond it his
 * count stands at this figure, whatever tasks are added or end: a count that moves would tell him about his own record.
 */
export const CHECKED_FOR_OWN = 1000;

/**
 * The console's health of the publication: the to-do list's tasks that failed (a poison review retried with back-off while
 * the others are published), read by the index on their attempts. None about the moderator's own teacher record is listed
 * or counted.
 */
@Injectable()
export class PublicationHealthService {
  constructor(
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
  ) {}

  async health(moderator: Moderator): Promise<PublicationHealth> {
    const { count, tasks } = await this.tasks.failing(LISTED);
    // A moderator with a teacher record: every failing task's review is read (failing tasks are few: each is an incident; at
    // most CHECKED_FOR_OWN), so that those about his record are neither listed nor counted (a count that moves would tell him
    // a review about him is pending, and when). Any other: the listed ones' only.
    const own = moderator.teacherId !== undefined;
    const saturated = own && count > CHECKED_FOR_OWN;
    const failing = own && !saturated ? await this.tasks.failingReviewIds(CHECKED_FOR_OWN) : [];
    const listed = tasks.map((t) => t.reviewId);
    const about = new Map((await this.reviews.getMany([...new Set([...listed, ...failing])])).map((r) => [r.id, r.teacherId]));
    const hidden = failing.filter((id) => conflicts(moderator, about.get(id))).length;
    return {
      failingTasks: saturated ? CHECKED_FOR_OWN : count - hidden,
      tasks: tasks
        .filter((t) => !conflicts(moderator, about.get(t.reviewId)))
        .map((t) => ({
          reviewId: t.reviewId,
          kind: t.kind ?? 'review',
          attempts: t.attempts ?? 1,
          lastError: t.lastError ?? '',
          retryAt: t.retryAt ? new Date(t.retryAt).toISOString() : null,
        })),
    };
  }
}
