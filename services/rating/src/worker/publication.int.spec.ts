import { request } from '@pupitre/server-kit/testing';
import { ReviewStore } from '../app/data/review-store';
import { TaskStore } from '../app/data/task-store';
import { statsDelta } from '../app/reading/teacher-stats';
import { type ReviewDoc } from '../app/reviews/review';
import { Publisher } from '../app/publication/publisher';
import {
  aggregateMismatches,
  type Harness,
  reviewPayload,
  shownAggregates,
  startHarness,
  teachersOf,
  waitFor,
  waitShown,
} from '../../testing/rating-harness';

jest.setTimeout(90_000);

/** The publication pipeline: delay, automatic validation, edits, crash and Redis loss, moderation. */
describe('review publication (BullMQ delayed jobs, worker, reconciler)', () => {
  let h: Harness;
  let teachers: { id: number; name: string; subjectIds: number[] }[];
  const review = (id: number) => h.conn.collection('reviews').findOne({ id });
  const teacherRow = (id: number) => shownAggregates(h.conn, id);
  /** A teacher's figures document (`teacher_stats`) as flat `$inc` paths (`dist.8`, `grades.clarity.sum`, …) and their values. */
  const figuresOf = async (id: number): Promise<Record<string, number>> => {
    const flat: Record<string, number> = {};
    const walk = (node: Record<string, unknown>, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'number') flat[prefix + key] = value;
        else if (value && typeof value === 'object' && key !== 'breakdown') walk(value as Record<string, unknown>, `${prefix}${key}.`);
      }
    };
    const doc = await h.conn.collection('teacher_stats').findOne({ _id: id as never });
    walk({ ...doc, _id: undefined }, '');
    return flat;
  };
  const communityIds = async () =>
    (await request(h.api.url).get('/api/rating/community?limit=50').expect(200)).body
      .slice(0, -1)
      .flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => r.id));

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
    teachers = await teachersOf(h.conn);
  });
  afterAll(() => h?.close());

  it('keeps a review invisible before its delay and public after it; its author sees it pending meanwhile', async () => {
    const author = await h.auth('pub-author');
    const t = teachers[10];
    const before = (await request(h.api.url).get(`/api/teacher/${t.id}`).expect(200)).body;
    const created = Date.now();
    const { id } = (
      await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 10 }))
        .expect(201)
    ).body;
    const mine = (await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect(await communityIds()).not.toContain(id);
    const teacherReviews = (await request(h.api.url).get(`/api/teacher/${t.id}/reviews`).expect(200)).body;
    expect(JSON.stringify(teacherReviews)).not.toContain(`{"id":${id},`);
    await waitFor(async () => (await communityIds()).includes(id), 15_000, 'shown in the community');
    expect(Date.now() - created).toBeGreaterThanOrEqual(1500);
    expect(await review(id)).toMatchObject({ status: 'published' });
    const after = (await request(h.api.url).get(`/api/teacher/${t.id}`).expect(200)).body;
    expect(after.reviews).toBe(before.reviews + 1);
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([
      expect.objectContaining({ id, status: 'published' }),
    ]);
    expect((await request(h.api.url).get('/auth/me').set(author).expect(200)).body).toMatchObject({ num: 1, average: 10, popularity: 0 });
    expect(await aggregateMismatches(h)).toEqual([]);
  });

  // Side by side: each waits out the validation delay, and each has an author of its own.
  it.concurrent.each([
    ['Ce prof est un vrai connard', 'rejected', 'offensive-language'],
    ['Es una pendeja total', 'rejected', 'offensive-language'],
    ['What a d1ckhead', 'rejected', 'offensive-language'],
    ['Je vais te tuer a la sortie', 'held', 'threat'],
    ['I know where you live', 'held', 'threat'],
    ['Appelez moi au 06 12 34 56 78', 'rejected', 'personal-data'],
    ['Write to me, jean dot dupont at gmail dot com', 'rejected', 'personal-data'],
    ['See my notes on www.example.com', 'rejected', 'personal-data'],
  ])('does not publish %j: %s with reason %s, shown to its author', async (text, status, reason) => {
    const author = await h.auth();
    const t = teachers[11];
    const { id } = (
      await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: text }))
        .expect(201)
    ).body;
    await waitShown(h, id, status);
    expect(await review(id)).toMatchObject({ status, reason, visible: false, pub: null });
    const mine = (await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ id, status, reason })]);
    expect(await communityIds()).not.toContain(id);
  });

  it('keeps the published version visible while an edit waits, then shows the edit', async () => {
    const author = await h.auth('editor');
    const t = teachers[12];
    const { id } = (
      await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 2, text_rating: 'First version' }))
        .expect(201)
    ).body;
    await waitShown(h, id);
    const sumBefore = (await teacherRow(t.id))!.ratingSum;
    await request(h.api.url)
      .put(`/api/rating/${id}`)
      .set(author)
      .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 9, text_rating: 'Second version' }))
      .expect(200);
    const teacherPage = async () =>
      JSON.stringify((await request(h.api.url).get(`/api/teacher/${t.id}/reviews?limit=50`).expect(200)).body);
    expect(await teacherPage()).toContain('First version');
    expect((await teacherRow(t.id))!.ratingSum).toBe(sumBefore);
    await waitFor(async () => (await review(id))?.status === 'published' && (await review(id))?.pub.version === 2, 15_000, 'v2 published');
    await waitFor(async () => (await teacherPage()).includes('Second version'), 5000, 'the API shows v2');
    expect(await teacherPage()).not.toContain('First version');
    expect((await teacherRow(t.id))!.ratingSum).toBe(sumBefore + 7);
    // A rejected edit leaves the published version in place.
    await request(h.api.url)
      .put(`/api/rating/${id}`)
      .set(author)
      .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 1, text_rating: 'You idiot' }))
      .expect(200);
    await waitFor(async () => (await review(id))?.status === 'rejected', 15_000, 'v3 rejected');
    expect(await teacherPage()).toContain('Second version');
    expect(await aggregateMismatches(h)).toEqual([]);
  });

  it('counts a publication once when its job runs twice, or twice at the same time', async () => {
    const core = new Publisher(h.api.app.get(ReviewStore), h.api.app.get(TaskStore), h.workerConfig);
    const t = teachers[13];
    await h.stopWorker();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await request(h.api.url)
            .post('/api/rating/0')
            .set(await h.auth())
            .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 8 }))
            .expect(201)
        ).body.id,
      );
    }
    const before = (await teacherRow(t.id))!;
    const figuresBefore = await figuresOf(t.id);
    await new Promise((r) => setTimeout(r, 1600));
    await Promise.all(ids.flatMap((id) => [core.validateDue(id, 1), core.validateDue(id, 1), core.validateDue(id)]));
    await Promise.all(ids.map((id) => core.validateDue(id, 1)));
    // Their release, taken by two passes at once (as if it had come): each review public once.
    const released = await Promise.all([0, 1].map(() => core.releaseDue(new Date(Date.now() + 60_000))));
    expect(released[0] + released[1]).toBe(5);
    const after = (await teacherRow(t.id))!;
    expect(after.reviewCount - before.reviewCount).toBe(5);
    expect(after.ratingSum - before.ratingSum).toBe(40);
    // The teacher's figures document (what the API shows) moved by exactly one publication of each review: every path of
    // each review's `$inc` once (count, sum, distribution, grades, answers, class groups, `rev`), nothing else.
    const expected: Record<string, number> = {};
    for (const id of ids) {
      for (const [path, value] of Object.entries(statsDelta(null, (await review(id)) as unknown as ReviewDoc).get(t.id) ?? {}))
        expected[path] = (expected[path] ?? 0) + value;
    }
    expect(expected).toMatchObject({ reviewCount: 5, ratingSum: 40, 'dist.8': 5, rev: 5 });
    // And the community's version, once per publication: a worker holds no lists, so each of its publications moves it.
    expected.crev = 5;
    const figuresAfter = await figuresOf(t.id);
    const moved = Object.fromEntries(
      Object.entries(figuresAfter)
        .map(([path, value]) => [path, value - (figuresBefore[path] ?? 0)] as const)
        .filter(([, change]) => change !== 0),
    );
    expect(moved).toEqual(expected);
    await h.startWorker();
    expect(await aggregateMismatches(h)).toEqual([]);
  });

  it('publishes every review whose job was lost (Redis flushed while no worker ran): the reconciler does it, each counted once', async () => {
    await h.stopWorker();
    const t = teachers[14];
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          await request(h.api.url)
            .post('/api/rating/0')
            .set(await h.auth())
            .send(reviewPayload(t.id, t.subjectIds[i % t.subjectIds.length], { tot_rating: i }))
            .expect(201)
        ).body.id,
      );
    }
    await new Promise((r) => setTimeout(r, 1600));
    await h.flushRedis(); // every delayed job, and the reconciler's schedule, are gone
    await h.startWorker();
    await waitFor(
      async () => (await h.conn.collection('reviews').countDocuments({ id: { $in: ids }, status: 'published' })) === 8,
      20_000,
      'reconciled',
    );
    for (const id of ids) await waitShown(h, id);
    expect(await aggregateMismatches(h)).toEqual([]);
    // And the repeatable job is back in Redis.
    await waitFor(
      async () => {
        const { createQueueConnection } = await import('@pupitre/server-kit');
        const redis = createQueueConnection(h.apiConfig.REDIS_URL);
        const keys = await redis.keys(`${h.apiConfig.QUEUE_PREFIX}:review-publication:repeat*`);
        redis.disconnect();
        return keys.length > 0;
      },
      10_000,
      'reconciler re-scheduled',
    );
  });

  describe('moderation', () => {
    it('queues held and reported reviews for admins; approve, reject with a reason, restore; every action recorded', async () => {
      const admin = await h.auth('admin-1', ['user', 'admin']);
      await request(h.api.url)
        .get('/api/moderation/queue')
        .set(await h.auth())
        .expect(403, { detail: 'You do not have permission to perform this action.' });
      await request(h.api.url).get('/api/moderation/queue').expect(401);
      const author = await h.auth('threatening-author');
      const t = teachers[15];
      const { id } = (
        await request(h.api.url)
          .post('/api/rating/0')
          .set(author)
          .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: 'I will kill him' }))
          .expect(201)
      ).body;
      await waitShown(h, id, 'held');
      const queue = (await request(h.api.url).get('/api/moderation/queue').set(admin).expect(200)).body;
      expect(queue).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, status: 'held', reason: 'threat', text_rating: 'I will kill him' })]),
      );
      expect(JSON.stringify(queue)).not.toContain('threatening-author');

      const count = async () => (await teacherRow(t.id))!.reviewCount;
      const c0 = await count();
      // Approved, it is public at the next release, as any review that passes (never at the moderator's click).
      expect((await request(h.api.url).post(`/api/moderation/reviews/${id}/approve`).set(admin).expect(200)).body).toEqual({
        id,
        status: 'pending',
        visible: false,
      });
      await waitShown(h, id, 'published');
      expect(await count()).toBe(c0 + 1);
      expect(await communityIds()).toContain(id);
      await request(h.api.url).post(`/api/moderation/reviews/${id}/approve`).set(admin).expect(409);
      await request(h.api.url).post(`/api/moderation/reviews/${id}/reject`).set(admin).send({}).expect(400);
      expect(
        (await request(h.api.url).post(`/api/moderation/reviews/${id}/reject`).set(admin).send({ reason: 'moderator' }).expect(200)).body,
      ).toEqual({ id, status: 'rejected', visible: false });
      expect(await count()).toBe(c0);
      expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([
        expect.objectContaining({ id, status: 'rejected', reason: 'moderator' }),
      ]);
      expect((await request(h.api.url).post(`/api/moderation/reviews/${id}/restore`).set(admin).expect(200)).body).toEqual({
        id,
        status: 'published',
        visible: true,
      });
      expect(await count()).toBe(c0 + 1);
      await request(h.api.url).post('/api/moderation/reviews/999999/approve').set(admin).expect(404);
      await request(h.api.url).post('/api/moderation/reviews/abc/approve').set(admin).expect(400);
      const history = (await request(h.api.url).get(`/api/moderation/reviews/${id}/actions`).set(admin).expect(200)).body;
      expect(history.map((a: { action: string }) => a.action)).toEqual(['approve', 'reject', 'restore']);
      expect(history[1]).toMatchObject({
        moderatorId: 'admin-1',
        reason: 'moderator',
        before: { status: 'published' },
        after: { status: 'rejected' },
      });
      expect(await aggregateMismatches(h)).toEqual([]);
    });

    it('approving a review hidden by reports brings it back and dismisses the reports', async () => {
      const admin = await h.auth('admin-2', ['admin']);
      const target = await h.conn.collection('reviews').findOne({ visible: true, demo: true });
      // Accounts a year old, with no history: each report weighs 1.
      for (let i = 0; i < h.apiConfig.REPORT_HIDE_THRESHOLD; i++) {
        await request(h.api.url)
          .post(`/api/rating/${target!.id}/report`)
          .set(await h.auth(undefined, ['user'], 365))
          .send({ content: 'Not nice' })
          .expect(201);
      }
      expect(await review(target!.id)).toMatchObject({ hidden: true, visible: false });
      const queue = (await request(h.api.url).get('/api/moderation/queue').set(admin).expect(200)).body;
      expect(queue.find((q: { id: number }) => q.id === target!.id).reports).toHaveLength(h.apiConfig.REPORT_HIDE_THRESHOLD);
      await request(h.api.url).post(`/api/moderation/reviews/${target!.id}/approve`).set(admin).expect(200);
      expect(await review(target!.id)).toMatchObject({ hidden: false, visible: true, reportCount: 0 });
      expect(await aggregateMismatches(h)).toEqual([]);
    });
  });
});
