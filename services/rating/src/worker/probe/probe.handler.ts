import { Inject, Injectable } from '@nestjs/common';
import { type Job } from 'bullmq';
import { JobReceipts } from '../../app/data/job-receipt.schema';
import { type ReviewPublicationJobs } from '../../app/publication/review-publication.queue';
import { type JobHandler } from '../handlers/job-handler';

/** `probe`: records a receipt (upsert by job id, so a retried job leaves one receipt). */
@Injectable()
export class ProbeHandler implements JobHandler<'probe'> {
  readonly name = 'probe' as const;

  constructor(@Inject(JobReceipts) private readonly receipts: JobReceipts) {}

  async handle(job: Job<ReviewPublicationJobs['probe'], unknown, 'probe'>): Promise<{ processedAt: string }> {
    const holdMs = Math.min(Math.max(Number(job.data.holdMs) || 0, 0), 30_000);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    const processedAt = new Date();
    await this.receipts.record({
      jobId: String(job.id),
      name: job.name,
      data: job.data,
      enqueuedAt: new Date(job.timestamp),
      delayMs: job.opts.delay ?? 0,
      processedAt,
    });
    return { processedAt: processedAt.toISOString() };
  }
}
