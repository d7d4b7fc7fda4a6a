// Redis stopped for good under the in-process API and worker (a Redis of the test's own): writes start no BullMQ call while
// the connection is away (nothing piles up in ioredis' offline queue), and the reviews due meanwhile are published by the
// reconciler, a timer claimed on the database, with Redis still down; and the worker still shuts down at once.
import { request } from '@pupitre/server-kit/testing';
import { PublicationProducer } from '../app/publication/publication-producer.service';
import { PublicationWorker } from '../worker/publication-worker.service';
import { publicationLatenessBoundMs } from '../config/worker-config';
import { reviewPayload, teachersOf, waitFor } from '../../testing/rating-harness';
import { offlineQueued, producerInternals, useRedisAwayHarness } from '../../testing/redis-away-harness';

jest.setTimeout(150_000);

const WRITES = 60;

describe('publication with Redis down for good', () => {
  const ctx = useRedisAwayHarness(__filename, 'publication-redis');

  it('starts no queue call for the writes made while Redis is away, and the reconciler publishes them in time all the same', async () => {
    const { h, redis } = ctx;
    const teachers = await teachersOf(h.conn);
    const { queue, connection } = producerInternals(h.api.app.get(PublicationProducer));
    await waitFor(async () => connection.status === 'ready', 10_000, 'the producer connected');
    const add = jest.spyOn(queue, 'add');

    await redis.stop();
    await waitFor(async () => connection.status !== 'ready', 10_000, 'the producer sees Redis gone');
    const ids: number[] = [];
    for (let i = 0; i < WRITES; i += 10) {
      const batch = Array.from({ length: 10 }, async (_, k) => {
        const t = teachers[(i + k) % teachers.length];
        const res = await request(h.api.url)
          .post('/api/rating/0')
          .set(await h.auth())
          .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: ((i + k) % 10) + 1 }))
          .expect(201);
        return res.body.id as number;
      });
      ids.push(...(await Promise.all(batch)));
      expect(offlineQueued(connection)).toBe(0);
    }
    const lastDue = Date.now() + h.apiConfig.REVIEW_VALIDATION_DELAY;
    expect(add).not.toHaveBeenCalled(); // each write skipped its job at once: the to-do list covers it
    expect(offlineQueued(connection)).toBe(0);
    expect(connection.status).not.toBe('ready');

    // Due while Redis is still out: the worker's reconciler publishes them, within its bound of their time.
    const reviews = h.conn.collection('reviews');
    await waitFor(
      async () => (await reviews.countDocuments({ id: { $in: ids }, status: 'published' })) === WRITES,
      60_000,
      'published without Redis',
    );
    const late = Date.now() - lastDue;
    expect(late).toBeLessThan(publicationLatenessBoundMs(h.workerConfig) + 15_000);
    expect(connection.status).not.toBe('ready');
    expect(add).not.toHaveBeenCalled();
    expect(offlineQueued(connection)).toBe(0);
  });

  it('with Redis still away, the worker process shuts down within seconds, not waiting for ever on BullMQ (closeWorker)', async () => {
    const { h, redis } = ctx;
    await redis.stop().catch(() => undefined); // already stopped by the test above, unless run alone
    const publication = h.worker!.app.get(PublicationWorker) as unknown as { connection: { status: string } };
    await waitFor(async () => publication.connection.status !== 'ready', 10_000, 'the worker sees Redis gone');
    const started = Date.now();
    await h.stopWorker();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
