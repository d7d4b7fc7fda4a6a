// The in-process API and worker on a Redis of the test file's own, which a test may stop for good: the harness of the
// Redis-outage specs (src/faults/redis-down-publication.int.spec.ts, redis-outage.long.int.spec.ts). Also: the producer's
// queue and connection, what those tests watch.
import { startPrivateRedis, type PrivateRedis } from '@pupitre/server-kit/testing';
import { type Queue } from 'bullmq';
import { type Redis } from 'ioredis';
import { PublicationProducer } from '../src/app/publication/publication-producer.service';
import { PublicationWorker } from '../src/worker/publication-worker.service';
import { type Harness, startHarness, waitFor } from './rating-harness';

/** Starts it in `beforeAll`, stops it in `afterAll` (Redis back first: closing the worker mid-reconnect can hang). */
export function useRedisAwayHarness(testFile: string, redisName: string): { readonly redis: PrivateRedis; readonly h: Harness } {
  const ctx = {} as { redis: PrivateRedis; h: Harness };
  beforeAll(async () => {
    ctx.redis = await startPrivateRedis(redisName);
    const env = { REDIS_URL: ctx.redis.url };
    ctx.h = await startHarness(testFile, { worker: true, api: env, workerEnv: env });
  });
  afterAll(async () => {
    await ctx.redis?.restart().catch(() => undefined);
    const worker = ctx.h?.worker?.app.get(PublicationWorker) as unknown as { connection?: Redis; queueConnection?: Redis } | undefined;
    await waitFor(async () => worker?.connection?.status === 'ready' && worker.queueConnection?.status === 'ready', 15_000).catch(
      () => undefined,
    );
    // A close that hangs says on what (it hung in CI on BullMQ's close while a connection reconnected: closeWorker now).
    const slow = setInterval(
      () => process.stderr.write(`[redis-away] still closing: ${process.getActiveResourcesInfo().join(', ')}\n`),
      20_000,
    );
    await ctx.h?.close().finally(() => clearInterval(slow));
    await ctx.redis?.dispose();
  });
  return ctx;
}

/** The producer's queue and connection (private: what the tests watch). */
export const producerInternals = (producer: PublicationProducer) => producer as unknown as { queue: Queue; connection: Redis };

/** What waits in ioredis' offline queue. */
export const offlineQueued = (connection: Redis) => (connection as unknown as { offlineQueue: { length: number } }).offlineQueue.length;
