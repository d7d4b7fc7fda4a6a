// A request never waits long for Redis, whatever its state: on a real redis-server of its own, paused
// (SIGSTOP: connections open, no answer) and then stopped, a request-path command fails within
// REDIS_REQUEST_TIMEOUT_MS and the next ones at once; a BullMQ add gives up as quickly; once Redis is
// back, commands work again without a restart.
import { Queue } from 'bullmq';
import { type PrivateRedis, startPrivateRedis } from '../testing';
import { DependencyUnavailableError } from '../http/unavailable';
import { createCommandConnection, createQueueConnection, REDIS_REQUEST_TIMEOUT_MS, withRedisTimeout } from './redis-connection';

jest.setTimeout(60_000);

/** How long `work` took to settle, and how. */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; ok: boolean; error?: string }> {
  const started = Date.now();
  try {
    await work();
    return { ms: Date.now() - started, ok: true };
  } catch (err) {
    return { ms: Date.now() - started, ok: false, error: (err as Error).name };
  }
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Redis connections of the request path', () => {
  let redis: PrivateRedis;

  beforeAll(async () => {
    redis = await startPrivateRedis('redis');
  });
  afterAll(async () => {
    await redis.dispose();
  });

  it('fail within the timeout, then at once, while Redis is paused or stopped, and work again once it is back', async () => {
    const client = createCommandConnection(redis.url);
    const connection = createQueueConnection(redis.url);
    const queue = new Queue('redis-connection-spec', { connection });
    queue.on('error', () => undefined); // connection errors while Redis is stopped: what the test is about
    try {
      expect(await client.set('k', '1')).toBe('OK');
      await queue.waitUntilReady();

      redis.signal('SIGSTOP');
      const first = await timed(() => client.get('k'));
      const next = await timed(() => client.get('k'));
      const add = await timed(() => withRedisTimeout(queue.add('job', {})));
      expect(first).toMatchObject({ ok: false });
      expect(first.ms).toBeGreaterThanOrEqual(REDIS_REQUEST_TIMEOUT_MS - 50);
      expect(first.ms).toBeLessThan(REDIS_REQUEST_TIMEOUT_MS + 500);
      expect(next).toMatchObject({ ok: false });
      expect(next.ms).toBeLessThan(100);
      expect(add).toMatchObject({ ok: false, error: DependencyUnavailableError.name });
      expect(add.ms).toBeLessThan(REDIS_REQUEST_TIMEOUT_MS + 500);

      redis.signal('SIGCONT');
      await settle(REDIS_REQUEST_TIMEOUT_MS + 200);
      expect(await client.get('k')).toBe('1');

      await redis.stop();
      await settle(100);
      const whileStopped = [await timed(() => client.get('k')), await timed(() => client.get('k')), await timed(() => client.get('k'))];
      for (const t of whileStopped) {
        expect(t.ok).toBe(false);
        expect(t.ms).toBeLessThan(2000);
      }

      await redis.restart();
      await settle(2500);
      expect(await client.get('k')).toBe(null); // a new, empty Redis (not persisted)
    } finally {
      client.disconnect();
      await queue.close().catch(() => undefined);
      connection.disconnect(); // a connection given to BullMQ is the caller's to close
    }
  });
});
