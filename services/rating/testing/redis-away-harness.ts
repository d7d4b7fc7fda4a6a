// The in-process API and worker on a Redis of the test file's own, which a test may stop for good: the harness of the
// Redis-outage specs (src/faults/redis-down-publication.int.spec.ts, redis-outage.long.int.spec.ts). Also: the producer's
// queue and connection, what those tests watch.
import { startPrivateRedis, type PrivateRedis } from '@pupitre/server-kit/testing';
import { type Queue } from 'bullmq';
import { type Redis } from 'ioredis';
import { PublicationProducer } from '../src/app/publication/publication-producer.service';
import { type Harness, startHarness } from './rating-harness';

/** Starts it in `beforeAll`, stops it in `afterAll`. */
export function useRedisAwayHarness(testFile: string, redisName: string): { readonly redis: PrivateRedis; readonly h: Harness } {
  const ctx = {} as { redis: PrivateRedis; h: Harness };
  beforeAll(async () => {
    ctx.redis = await startPrivateRedis(redisName);
    const env = { REDIS_URL: ctx.redis.url };
    ctx.h = await startHarness(testFile, { worker: true, api: env, workerEnv: env });
  });
  afterAll(async () => {
    // The workers close whether Redis is back or not (closeWorker; redis-down-publication.int.spec.ts shuts one down with
    // Redis away). Back, the clients end at once instead of leaving the jest process to linger for seconds.
    await ctx.redis?.restart().catch(() => undefined);
    await ctx.h?.close();
    await ctx.redis?.dispose();
  });
  return ctx;
}

/** The producer's queue and connection (private: what the tests watch). */
export const producerInternals = (producer: PublicationProducer) => producer as unknown as { queue: Queue; connection: Redis };

/** What waits in ioredis' offline queue. */
export const offlineQueued = (connection: Redis) => (connection as unknown as { offlineQueue: { length: number } }).offlineQueue.length;
