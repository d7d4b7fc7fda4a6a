// The BullMQ queue between the rating API (producer) and the rating worker (consumer).
// Each job name has one payload type and one handler in the worker (src/worker/handlers).

export const REVIEW_PUBLICATION_QUEUE = 'review-publication';

export interface ReviewPublicationJobs {
  /** Proves producer → delay → worker end to end; the worker records a receipt. */
  /** Proof of the queue path; `holdMs` keeps the job running that long (drain tests). */
  probe: { token: string; holdMs?: number };
  /** Validate and publish version `version` of review `reviewId` (its delay is over). */
  'publish-review': { reviewId: number; version: number };
  /** Repeatable: publish every review overdue by more than RECONCILE_GRACE (its job lost, or never queued while Redis was out). */
  reconcile: Record<string, never>;
  /** Repeatable (every ERASURE_INTERVAL): erase the delisted teachers whose retention period is over. */
  'erase-delisted': Record<string, never>;
}

export type ReviewPublicationJobName = keyof ReviewPublicationJobs;

/** The job id of a review version: the review id (and its version, so an edit gets a job of its own). */
export const publicationJobId = (reviewId: number, version: number) => `review-${reviewId}-v${version}`;
