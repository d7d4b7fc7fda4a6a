import { request } from '@pupitre/server-kit/testing';
import { publicationHealthSchema } from '@pupitre/contracts';
import { RETRY_BASE_MS, TASK_PAGE } from '../app/publication/overdue-tasks';
import { type Harness, reviewPayload, startHarness, teachersOf, waitFor } from '../../testing/rating-harness';

jest.setTimeout(150_000);

const REVIEWS = 100;

/** The failures the worker counted (`rating_reconcile_failures_total{step}`), from its /metrics. */
async function failuresCounted(h: Harness, step: string): Promise<number> {
  const text = (await request(h.worker!.url).get('/metrics').expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith('rating_reconcile_failures_total{') && l.includes(`step="${step}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

// The reconciler on its own (the jobs lost: Redis flushed while no worker ran), with a poison review planted first: its
// validation throws every time. The hundred others are published all the same; the poison one is retried with back-off,
// counted, and shown to the moderators.
describe('reconciler: a poison task stops nothing', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(__filename);
  });
  afterAll(() => h?.close());

  it('publishes a hundred overdue reviews past a task whose validation always throws; that one is backed off, counted, listed', async () => {
    const teachers = await teachersOf(h.conn);
    const create = async (i: number) => {
      const t = teachers[i % teachers.length];
      const body = reviewPayload(t.id, t.subjectIds[0], { tot_rating: (i % 10) + 1 });
      return (
        await request(h.api.url)
          .post('/api/rating/0')
          .set(await h.auth())
          .send(body)
          .expect(201)
      ).body.id as number;
    };
    const poison = await create(0);
    // Its text is no string: the text checks throw on it, at every attempt.
    await h.conn.collection('reviews').updateOne({ id: poison }, { $set: { text_rating: 42 } });
    const ids: number[] = [];
    for (let i = 1; i <= REVIEWS; i += 10) ids.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => create(i + k)))));
    expect(ids.length + 1).toBeGreaterThan(TASK_PAGE); // the poison task and the hundred: more than a page
    await h.flushRedis(); // every publication job lost: only the reconciler is left
    const tasks = h.conn.collection('review_tasks');
    expect(await tasks.countDocuments({ reviewId: { $in: [poison, ...ids] } })).toBe(REVIEWS + 1);
    await new Promise((r) => setTimeout(r, h.apiConfig.REVIEW_VALIDATION_DELAY));

    await h.startWorker();
    const reviews = h.conn.collection('reviews');
    await waitFor(
      async () => (await reviews.countDocuments({ id: { $in: ids }, status: 'published' })) === REVIEWS,
      60_000,
      'the hundred published',
    );
    expect(await tasks.countDocuments({ reviewId: { $in: ids } })).toBe(0);

    // The poison one: still pending, its failure in its task, tried again only after the back-off (30 s), not every pass.
    expect(await reviews.findOne({ id: poison })).toMatchObject({ status: 'pending' });
    const failed = await tasks.findOne({ _id: `review:${poison}` as never });
    expect(failed).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/trim|not a function/) });
    expect(new Date(failed!.retryAt).getTime()).toBeGreaterThan(Date.now() + RETRY_BASE_MS / 2);
    await new Promise((r) => setTimeout(r, 3 * h.workerConfig.RECONCILE_INTERVAL));
    expect(await tasks.findOne({ _id: `review:${poison}` as never })).toMatchObject({ attempts: 1 });
    expect(await failuresCounted(h, 'task')).toBe(1);

    const admin = await h.auth('reconcile-admin', ['user', 'admin']);
    const health = publicationHealthSchema.parse((await request(h.api.url).get('/api/moderation/health').set(admin).expect(200)).body);
    expect(health.failingTasks).toBe(1);
    expect(health.tasks).toEqual([
      { reviewId: poison, kind: 'review', attempts: 1, lastError: failed!.lastError, retryAt: new Date(failed!.retryAt).toISOString() },
    ]);
    await request(h.api.url)
      .get('/api/moderation/health')
      .set(await h.auth())
      .expect(403);
  });
});
