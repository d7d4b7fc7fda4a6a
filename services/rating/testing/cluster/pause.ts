// Freezing a process at a chosen moment: `pauseWhen` SIGSTOPs it as soon as a condition holds, so
// it stays inside whatever it was doing (a job, a write, holding a lock or a lease) until `resume()`.
// With the database paused first, a worker's job blocks on its first database operation, which
// leaves all the time needed to catch it there.
import { Queue } from 'bullmq';
import { createQueueConnection } from '@pupitre/server-kit';
import { REVIEW_PUBLICATION_QUEUE } from '../../src/app/publication/review-publication.queue';
import { type ManagedProcess } from './managed-process';
import { type RatingCluster } from './rating-cluster';

/** SIGSTOPs `proc` once `condition()` is true (polled every `pollMs`); throws after `timeoutMs`. */
export async function pauseWhen(
  proc: ManagedProcess,
  condition: () => Promise<boolean>,
  { pollMs = 5, timeoutMs = 15_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`pauseWhen: the condition to pause ${proc.name} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  proc.pause();
}

/** The `review-publication` jobs being run right now (BullMQ's active list), by name and id. */
export function publicationJobs(cluster: RatingCluster): { active(name?: string): Promise<string[]>; close(): Promise<void> } {
  const connection = createQueueConnection(cluster.redisUrl);
  const queue = new Queue(REVIEW_PUBLICATION_QUEUE, { connection, prefix: cluster.queuePrefix });
  return {
    active: async (name) => (await queue.getJobs(['active'])).filter((j) => !name || j.name === name).map((j) => String(j.id)),
    close: async () => {
      await queue.close();
      connection.disconnect();
    },
  };
}
