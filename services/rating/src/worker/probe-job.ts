import { type Job } from 'bullmq';
import { type Model } from 'mongoose';
import { type JobReceipt } from '../app/data/job-receipt.schema';
import { type ReviewPublicationJobs } from '../app/publication/review-publication.queue';

/** `probe`: holds `holdMs` (drain tests), then records a receipt (upsert by job id, so a retried job leaves one). */
export async function runProbe(receipts: Model<JobReceipt>, job: Job<ReviewPublicationJobs['probe']>): Promise<{ processedAt: string }> {
  const holdMs = Math.min(Math.max(Number(job.data.holdMs) || 0, 0), 30_000);
  if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
  const processedAt = new Date();
  const receipt = { name: job.name, data: job.data, enqueuedAt: new Date(job.timestamp), delayMs: job.opts.delay ?? 0, processedAt };
  await receipts.updateOne({ jobId: String(job.id) }, { $set: receipt }, { upsert: true }).exec();
  return { processedAt: processedAt.toISOString() };
}
