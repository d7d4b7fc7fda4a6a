import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Job } from 'bullmq';
import { Model } from 'mongoose';
import { type ReviewPublicationJobs } from '../../app/publication/review-publication.queue';
import { type JobHandler } from '../handlers/job-handler';
import { JobReceipt } from './job-receipt.schema';

/** `probe`: records a receipt (upsert by job id, so a retried job leaves one receipt). */
@Injectable()
export class ProbeHandler implements JobHandler<'probe'> {
  readonly name = 'probe' as const;

  constructor(@InjectModel(JobReceipt.name) private readonly receipts: Model<JobReceipt>) {}

  async handle(job: Job<ReviewPublicationJobs['probe'], unknown, 'probe'>): Promise<{ processedAt: string }> {
    const holdMs = Math.min(Math.max(Number(job.data.holdMs) || 0, 0), 30_000);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    const processedAt = new Date();
    await this.receipts
      .updateOne(
        { jobId: String(job.id) },
        { $set: { name: job.name, data: job.data, enqueuedAt: new Date(job.timestamp), delayMs: job.opts.delay ?? 0, processedAt } },
        { upsert: true },
      )
      .exec();
    return { processedAt: processedAt.toISOString() };
  }
}
