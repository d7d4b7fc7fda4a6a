import { USER_ERASED_JOB, USER_EVENTS_QUEUE } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { Queue } from 'bullmq';
import { request } from '@pupitre/server-kit/testing';
import {
  type Harness,
  recomputeFromScratch,
  reviewPayload,
  shownAggregates,
  startHarness,
  teachersOf,
  waitFor,
  waitShown,
} from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('user-erased events (queue user-events)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true, api: { REVIEW_VALIDATION_DELAY: '1s' } });
  });
  afterAll(() => h?.close());

  it('deletes the votes, favourites and reports of the user, detaches their reviews, and keeps aggregates exact', async () => {
    const url = h.api.url;
    const gone = await h.auth('to-be-erased');
    const teachers = await teachersOf(h.conn);
    const t = teachers[0];
    const { id: own } = (
      await request(url)
        .post('/api/rating/0')
        .set(gone)
        .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 9 }))
        .expect(201)
    ).body;
    await waitShown(h, own);
    const [a, b] = await h.conn.collection('reviews').find({ visible: true, demo: true }).limit(2).toArray();
    await request(url).post(`/api/relatable/${a.id}`).set(gone).send({ value: true }).expect(200);
    await request(url).post(`/api/relatable/${b.id}`).set(gone).send({ value: false }).expect(200);
    await request(url)
      .post(`/api/relatable/${a.id}`)
      .set(await h.auth('stays'))
      .send({ value: true })
      .expect(200);
    await request(url)
      .post(`/api/relatable/${own}`)
      .set(await h.auth('stays'))
      .send({ value: true })
      .expect(200);
    await request(url).post(`/api/rating/${a.id}/favorite`).set(gone).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${b.id}/report`).set(gone).send({ content: 'meh' }).expect(201);
    const teacherBefore = await shownAggregates(h.conn, t.id);

    const connection = createQueueConnection(h.apiConfig.REDIS_URL);
    const queue = new Queue(USER_EVENTS_QUEUE, { connection, prefix: h.apiConfig.QUEUE_PREFIX });
    await queue.add(USER_ERASED_JOB, { userId: 'to-be-erased', erasedAt: new Date().toISOString() });
    await queue.add(USER_ERASED_JOB, { userId: 'to-be-erased', erasedAt: new Date().toISOString() }); // delivered twice: no harm
    await waitFor(async () => (await queue.getCompletedCount()) === 2, 15_000, 'both events processed');
    await queue.close();
    connection.disconnect();

    // Nothing of theirs is left: no index of their reviews, favourites and reports, no profile, and
    // no review document names them (votes and reports live in the reviewed document).
    expect(await h.conn.collection('user_index').findOne({ _id: 'to-be-erased' as never })).toBeNull();
    expect(await h.conn.collection('profiles').findOne({ _id: 'to-be-erased' as never })).toBeNull();
    const mentions = (await h.conn.collection('reviews').find({}).toArray()).filter((r) => JSON.stringify(r).includes('to-be-erased'));
    expect(mentions.map((r) => r.id)).toEqual([]);
    const claims = (await h.conn.collection('review_claims').find({}).toArray()).filter((c) => JSON.stringify(c).includes('to-be-erased'));
    expect(claims).toEqual([]);
    expect(await h.conn.collection('reviews').countDocuments({ authorId: 'to-be-erased' })).toBe(0);
    const detached = await h.conn.collection('reviews').findOne({ id: own });
    expect(detached).toMatchObject({ status: 'published', visible: true, relUp: 1, relTotal: 1 });
    expect(detached!.authorId).toMatch(/^erased-[0-9a-f-]{36}$/);
    expect(await h.conn.collection('reviews').findOne({ id: a.id })).toMatchObject({ relUp: 1, relTotal: 1 });
    expect(await h.conn.collection('reviews').findOne({ id: b.id })).toMatchObject({ relUp: 0, relTotal: 0, reportCount: 0 });
    expect(await shownAggregates(h.conn, t.id)).toEqual(teacherBefore);
    const truth = await recomputeFromScratch(h.conn);
    for (const r of await h.conn.collection('reviews').find({}).toArray())
      expect({ id: r.id, relUp: r.relUp, relTotal: r.relTotal }).toEqual({ id: r.id, ...truth.reviews.get(r.id) });
    // The erased user's token (still unexpired) sees an empty profile.
    for (const page of ['/auth/me/reviews', '/auth/me/favorites', '/auth/me/reports'])
      expect({ page, body: (await request(url).get(page).set(gone).expect(200)).body }).toEqual({ page, body: [] });
  });

  it("finds a user's votes, reports, reviews and replies by an index, never reading every review", async () => {
    const reviews = h.conn.collection('reviews');
    const filters: [object, string][] = [
      [{ 'voters.u': 'someone' }, 'voters.u_1'],
      [{ 'reports.userId': 'someone' }, 'reports.userId_1'],
      [{ authorId: 'someone' }, 'authorId_1'],
      [{ 'reply.authorId': 'someone' }, 'reply.authorId_1'],
    ];
    for (const [filter, index] of filters) {
      const plan = JSON.stringify(await reviews.find(filter, { projection: { _id: 0, id: 1 } }).explain('queryPlanner'));
      expect({ filter, index: plan.includes(`"indexName":"${index}"`), scan: plan.includes('COLLSCAN') }).toEqual({
        filter,
        index: true,
        scan: false,
      });
    }
  });
});
