import { Inject, Injectable } from '@nestjs/common';
import { type Job } from 'bullmq';
import { type PublicationOutcome, Publisher } from '../../app/publication/publisher';
import { type ReviewPublicationJobs } from '../../app/publication/review-publication.queue';
import { type JobHandler } from '../handlers/job-handler';

/** `publish-review`: the automatic validation of one review version when its delay is over. */
@Injectable()
export class PublishReviewHandler implements JobHandler<'publish-review'> {
  readonly name = 'publish-review' as const;

  constructor(@Inject(Publisher) private readonly publisher: Publisher) {}

  async handle(job: Job<ReviewPublicationJobs['publish-review'], unknown, 'publish-review'>): Promise<{ outcome: PublicationOutcome }> {
    // Its to-do entry is dropped by the next reconciliation (off the due instant).
    return { outcome: await this.publisher.validateDue(job.data.reviewId, job.data.version) };
  }
}
