import { type Job } from 'bullmq';
import { type ReviewPublicationJobName, type ReviewPublicationJobs } from '../../app/publication/review-publication.queue';

/** Handles one job name of `review-publication`. Register it in JOB_HANDLERS (worker.module.ts). */
export interface JobHandler<N extends ReviewPublicationJobName = ReviewPublicationJobName> {
  readonly name: N;
  handle(job: Job<ReviewPublicationJobs[N], unknown, N>): Promise<unknown>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
