import { Inject, Injectable } from '@nestjs/common';
import { type PublicationHealth } from '@pupitre/contracts';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { conflicts, type Moderator } from './moderation.service';

/** Failing tasks listed at most (the count covers them all). */
const LISTED = 20;

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
    const about = new Map((await this.reviews.getMany(tasks.map((t) => t.reviewId))).map((r) => [r.id, r.teacherId]));
    return {
      // Neither listed nor counted: a count that moves would tell him a review about him is pending (and when).
      failingTasks: count - (await this.aboutOwnRecord(moderator)),
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

  /** How many failing tasks are about the moderator's own teacher record (none without one). Failing tasks are few: each is an incident. */
  private async aboutOwnRecord(moderator: Moderator): Promise<number> {
    if (moderator.teacherId === undefined) return 0;
    const ids = await this.tasks.failingReviewIds();
    const teacherOf = new Map((await this.reviews.getMany([...new Set(ids)])).map((r) => [r.id, r.teacherId]));
    return ids.filter((id) => conflicts(moderator, teacherOf.get(id))).length;
  }
}
