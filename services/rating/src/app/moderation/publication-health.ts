import { Inject, Injectable } from '@nestjs/common';
import { type PublicationHealth } from '@pupitre/contracts';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { conflicts, type Moderator } from './moderation.service';

/** Failing tasks listed at most (the count covers them all). */
const LISTED = 20;

/**
 * The console's health of the publication: the to-do list's tasks that failed (a poison review retried with back-off while
 * the others are published), read by the index on their attempts. None about the moderator's own teacher record is listed.
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
      failingTasks: count,
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
