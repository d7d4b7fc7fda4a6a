import { Inject, Injectable } from '@nestjs/common';
import { type Job } from 'bullmq';
import { PublicationCore, type PublicationOutcome } from '../../app/core/publication-core';
import { type ReviewPublicationJobs } from '../../app/publication/review-publication.queue';
import { type JobHandler } from '../handlers/job-handler';

/** `publish-review`: the automatic validation of one review version when its delay is over. */
@Injectable()
export class PublishReviewHandler implements JobHandler<'publish-review'> {
  readonly name = 'publish-review' as const;

  constructor(@Inject(PublicationCore) private readonly publication: PublicationCore) {}

  async handle(job: Job<ReviewPublicationJobs['publish-review'], unknown, 'publish-review'>): Promise<{ outcome: PublicationOutcome }> {
    // The to-do entry of a published review is dropped by the next reconciliation, off the due instant.
    return { outcome: await this.publication.validateDue(job.data.reviewId, job.data.version, { leaveTask: true }) };
  }
}
