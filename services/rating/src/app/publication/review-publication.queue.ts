// The BullMQ queue between the rating API (producer) and the rating worker (consumer).
// Each job name has one payload type and one handler in the worker (src/worker/handlers).

export const REVIEW_PUBLICATION_QUEUE = 'review-publication';

export interface ReviewPublicationJobs {
  /** Proves producer → delay → worker end to end; the worker records a receipt. */
  probe: { token: string };
}

export type ReviewPublicationJobName = keyof ReviewPublicationJobs;
