import { type ReviewStore } from '../data/review-store';
import { retryDelay, type ReviewTask, type TaskStore } from '../data/task-store';
import { replyPending } from '../reviews/reply';
import { type ReviewDoc } from '../reviews/review';

/** Tasks read per page (oldest due first), and pages per pass at most (the next pass goes on). */
export const TASK_PAGE = 100;
const MAX_PAGES = 50;
/** A failing task is tried again after 30 s, then 1, 2, 4… minutes, at most an hour apart. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 3_600_000;

export interface OverdueResult {
  published: number;
  done: number;
  failed: number;
}

/** What a pass needs of the publisher: the validation of a review (and its reply) when due. */
export interface Validator {
  validateNow(reviewId: number): Promise<{ validated: boolean; after: ReviewDoc | null }>;
}

const pendingFor = (review: ReviewDoc, task: ReviewTask): boolean =>
  task.kind === 'reply' ? replyPending(review) : review.status === 'pending' || (!task.kind && replyPending(review));

/** When what `task` waits for is due on the review itself (the later of both for a task of the earlier design). */
const dueOn = (review: ReviewDoc, task: ReviewTask): number => {
  const reply = review.reply?.status === 'pending' ? new Date(review.reply.publishAt).getTime() : 0;
  const own = review.status === 'pending' ? new Date(review.publishAt).getTime() : 0;
  return task.kind === 'reply' ? reply : task.kind === 'review' ? own : Math.max(reply, own);
};

/**
 * One task: validated if its review (or reply) is pending and due, then dropped; moved to its review's own time when that
 * is later; dropped when nothing is pending. Throws when it cannot (the caller backs it off).
 */
async function settle(reviews: ReviewStore, tasks: TaskStore, validator: Validator, task: ReviewTask, now: Date) {
  const review = await reviews.get(task.reviewId);
  if (!review || !pendingFor(review, task)) return (await tasks.doneIfUnchanged(task)) ? 'done' : 'left';
  const { validated, after } = await validator.validateNow(task.reviewId);
  if (after && pendingFor(after, task)) {
    const due = dueOn(after, task);
    if (due <= now.getTime()) throw new Error(`review ${task.reviewId}: pending and due, yet not validated`);
    await tasks.moveIfUnchanged(task, new Date(due)); // an edit meanwhile: its own task stays
    return 'left';
  }
  await tasks.doneIfUnchanged(task); // an edit meanwhile wrote a newer task: it stays
  return validated ? 'published' : 'done';
}

/**
 * One pass over the to-do list: the tasks due before `now - graceMs` (their job was lost: worker down, Redis out or
 * flushed), oldest first, by pages read on the due-time index. Each task on its own: one that throws is counted, backed off
 * in its own document (attempts, error, next try) and the pass goes on with the others.
 */
export async function reconcileOverdue(
  reviews: ReviewStore,
  tasks: TaskStore,
  validator: Validator,
  graceMs: number,
  onFailure: (task: ReviewTask, err: Error) => void = () => undefined,
  now = new Date(),
): Promise<OverdueResult> {
  const result: OverdueResult = { published: 0, done: 0, failed: 0 };
  const before = new Date(now.getTime() - graceMs);
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = (await tasks.duePage(before, TASK_PAGE)).filter((t) => !seen.has(t._id));
    if (!due.length) break; // none left, or only tasks this pass already looked at (moved by a concurrent write)
    for (const task of due) {
      seen.add(task._id);
      try {
        const outcome = await settle(reviews, tasks, validator, task, now);
        if (outcome === 'published') result.published++;
        else if (outcome === 'done') result.done++;
      } catch (err) {
        result.failed++;
        onFailure(task, err as Error);
        const delay = retryDelay((task.attempts ?? 0) + 1, RETRY_BASE_MS, RETRY_MAX_MS);
        await tasks.failed(task, (err as Error).message ?? String(err), now, delay, graceMs).catch(() => undefined);
      }
    }
  }
  return result;
}
