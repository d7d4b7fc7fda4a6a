// Issue #40, item 2: Redis away for ten minutes under steady writes (creates and votes, WRITES_PER_SECOND), with the API and
// the worker in this process. While their connections back off:
//  - no write starts a Redis call: the queue's `add` is never called and ioredis' offline queue stays empty (checked every
//    second), whatever state the reconnections go through;
//  - memory stays flat: the heap after a full collection grows less than FLAT_MIB from the outage's first minute to its last
//    (a collection can be forced in-process: the figure is exact, not a guess through GC noise);
//  - every write is answered, and every acknowledged one is in the database;
//  - once Redis is back, the worker takes jobs from the queue again.
// The longest file of the suite: `npm test` runs it beside the other steps (scripts/lib/long-tests.mjs); a plain jest run of
// the integration project starts it first (tools/jest/long-first-sequencer.cjs).
// `npm run bench:api` (BENCH_PHASES=outage) runs the same outage on separate processes at a higher rate (redis-outage.md).
import { request } from '@pupitre/server-kit/testing';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PublicationProducer } from '../app/publication/publication-producer.service';
import { reviewPayload, teachersOf, waitFor } from '../../testing/rating-harness';
import { offlineQueued, producerInternals, useRedisAwayHarness } from '../../testing/redis-away-harness';

const OUTAGE_MINUTES = Number(process.env.REDIS_OUTAGE_MINUTES ?? 10);
const WRITES_PER_SECOND = 2;
/** Heap growth (after a full collection) from the outage's first minute to its last under which memory counts as flat. */
const FLAT_MIB = 5;
const MiB = 2 ** 20;

jest.setTimeout((OUTAGE_MINUTES + 4) * 60_000);

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
/** The heap used once everything unreachable is collected. */
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (line: string) => process.stderr.write(`[redis outage] ${line}\n`);

describe('Redis away for ten minutes under writes', () => {
  const ctx = useRedisAwayHarness(__filename, 'outage-redis');

  it('starts no Redis call, keeps the heap flat, and answers and keeps every write', async () => {
    const { h, redis } = ctx;
    const teachers = await teachersOf(h.conn);
    const visible = (
      await h.conn
        .collection('reviews')
        .find({ visible: true }, { projection: { id: 1 } })
        .limit(500)
        .toArray()
    ).map((r) => r.id as number);
    expect(visible.length).toBeGreaterThan(10);
    const { queue, connection } = producerInternals(h.api.app.get(PublicationProducer));
    await waitFor(async () => connection.status === 'ready', 10_000, 'the producer connected');
    const add = jest.spyOn(queue, 'add');

    await redis.stop();
    await waitFor(async () => connection.status !== 'ready', 10_000, 'the producer sees Redis gone');

    const statuses: Record<string, number> = {};
    const created: number[] = [];
    const votes: { id: number; voter: string }[] = [];
    const inFlight = new Set<Promise<void>>();
    const write = async (i: number) => {
      let status: number | string;
      try {
        if (i % 2 === 0) {
          const t = teachers[(i / 2) % teachers.length];
          const res = await request(h.api.url)
            .post('/api/rating/0')
            .set(await h.auth(`outage-author-${i}`))
            .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: (i % 10) + 1 }));
          status = res.status;
          if (res.status === 201) created.push(res.body.id as number);
        } else {
          const [id, voter] = [visible[i % visible.length], `outage-voter-${i}`];
          const res = await request(h.api.url)
            .post(`/api/relatable/${id}`)
            .set(await h.auth(voter))
            .send({ value: true });
          status = res.status;
          if (res.status === 200) votes.push({ id, voter });
        }
      } catch (err) {
        status = (err as Error).name;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    };

    const states = new Set<string>();
    const offline: number[] = [];
    const heap: Record<string, number> = {};
    const started = Date.now();
    const end = started + OUTAGE_MINUTES * 60_000;
    let issued = 0;
    for (let second = 1; Date.now() < end; second++) {
      while (issued < second * WRITES_PER_SECOND) {
        const p = write(issued++).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await sleep(Math.max(0, started + second * 1000 - Date.now()));
      states.add(connection.status);
      offline.push(offlineQueued(connection));
      if (second % 60 === 0) {
        const minute = second / 60;
        if (minute === 1 || minute === OUTAGE_MINUTES) heap[minute] = heapAfterGc();
        progress(`minute ${minute} of ${OUTAGE_MINUTES}: ${issued} writes issued, answers ${JSON.stringify(statuses)}`);
      }
    }
    await Promise.all(inFlight);
    const growthMiB = (heap[OUTAGE_MINUTES] - heap[1]) / MiB;
    progress(
      `heap after a full collection: minute 1 ${(heap[1] / MiB).toFixed(1)} MiB, growth to minute ${OUTAGE_MINUTES} ${growthMiB.toFixed(2)} MiB`,
    );

    expect(add).not.toHaveBeenCalled();
    expect(Math.max(...offline)).toBe(0);
    expect(states.has('ready')).toBe(false);
    expect(heap[1]).toBeGreaterThan(0);
    expect(growthMiB).toBeLessThan(FLAT_MIB);
    expect(statuses).toEqual({ 201: created.length, 200: votes.length });
    expect(created.length + votes.length).toBe(issued);

    const reviews = h.conn.collection('reviews');
    expect(await reviews.countDocuments({ id: { $in: created } })).toBe(created.length);
    let votesKept = 0;
    for (const { id, voter } of votes) votesKept += await reviews.countDocuments({ id, voters: { $elemMatch: { u: voter, v: 1 } } });
    expect(votesKept).toBe(votes.length);

    // Redis back after the ten minutes: the queue is the normal path again, and the worker consumes from it (a BullMQ worker
    // whose blocking connection stayed parked would never take a job again: taskforcesh/bullmq#4585).
    add.mockRestore();
    await redis.restart();
    await waitFor(async () => connection.status === 'ready', 15_000, 'the producer reconnected');
    const jobId = await h.api.app.get(PublicationProducer).enqueue('probe', { token: `after-outage-${Date.now()}` });
    await waitFor(async () => (await h.conn.collection('job_receipts').findOne({ jobId })) !== null, 30_000, 'the worker took a job again');
  });
});
