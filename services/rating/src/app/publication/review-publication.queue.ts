// The BullMQ queue between the rating API (producer) and the rating worker (publication-worker.service.ts):
// one payload type per job name.

export const REVIEW_PUBLICATION_QUEUE = 'review-publication';

export interface ReviewPublicationJobs {
  /** Proof of the queue path (the worker records a receipt); `holdMs` keeps the job running that long (drain tests). */
  probe: { token: string; holdMs?: number };
  'publish-review': { reviewId: number; version: number };
  /** At a release time (job id `release-<ms>`: one per release, whatever the reviews): make the approved versions public. */
  release: Record<string, never>;
  /** Repeatable: validate every review overdue by more than RECONCILE_GRACE (its job lost, or never queued while Redis was out), relay the outbox (worker/reconciler.ts). */
  reconcile: Record<string, never>;
  /** Repeatable (every ERASURE_INTERVAL): erase the delisted teachers whose retention period is over. */
  'erase-delisted': Record<string, never>;
}

export type ReviewPublicationJobName = keyof ReviewPublicationJobs;

/** The job id of a review version: the review id (and its version, so an edit gets a job of its own). */
export const publicationJobId = (reviewId: number, version: number) => `review-${reviewId}-v${version}`;

/** The job id of a release: one job per release time, however many reviews it makes public. */
export const releaseJobId = (at: Date) => `release-${at.getTime()}`;
