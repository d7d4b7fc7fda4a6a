// Adversary suite: the reviewed teacher is also a moderator. Moderators read held reviews, including
// those held because they may identify their author, and the reports and objections about them: a
// moderator linked to a teacher record saw every queue item about himself. He never sees, nor
// decides, what is about his own record: the queue, the decisions, the objections and the reviews
// themselves answer him as if they did not exist, while another moderator sees them all.
import { request } from '@pupitre/server-kit/testing';
import { CHECKED_FOR_OWN } from '../../../rating/src/app/moderation/publication-health';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../rating/testing/rating-harness';

jest.setTimeout(90_000);

describe('a moderator linked to a teacher record', () => {
  let h: Harness;
  let teacher: { id: number; subjectIds: number[] };
  const ids = { held: 0, reported: 0 };
  let conflicted: { Authorization: string };
  let other: { Authorization: string };

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true, api: { REPORT_HIDE_THRESHOLD: '5' } });
    teacher = (await teachersOf(h.conn))[12];
    const write = async (sub: string, text: string) =>
      (
        await request(h.api.url)
          .post('/api/rating/0')
          .set(await h.auth(sub))
          .send(reviewPayload(teacher.id, teacher.subjectIds[0], { text_rating: text }))
          .expect(201)
      ).body.id as number;
    ids.held = await write('conflict-author-1', 'Ma fille en 4eme B dit que le cours est clair'); // held: it may identify someone
    ids.reported = await write('conflict-author-2', 'Cours clair et bien organise');
    await waitShown(h, ids.held, 'held');
    await waitShown(h, ids.reported);
    await request(h.api.url)
      .post(`/api/rating/${ids.reported}/report`)
      .set(await h.auth('conflict-reporter'))
      .send({ content: 'Hors sujet.' })
      .expect(201);
    // His objection to being listed, from his own (teacher) account.
    await request(h.api.url)
      .post('/api/teacher-space/objection')
      .set(await h.teacher(teacher.id, 'conflict-teacher'))
      .send({ reasons: 'Je ne souhaite pas figurer sur ce site, merci.' })
      .expect(201);
    const token = await h.issuer.sign({
      sub: 'conflict-teacher',
      roles: ['user', 'teacher', 'moderator'],
      claims: { teacher_id: teacher.id },
    });
    conflicted = { Authorization: `Bearer ${token}` };
    other = await h.auth('conflict-other-moderator', ['user', 'moderator']);
  });
  afterAll(() => h?.close());

  /** How many items are about the teacher: queue items and objections name him, decisions carry his id. */
  const about = (items: { teacher?: { id: number }; teacherId?: number | null }[]) =>
    items.filter((i) => (i.teacher?.id ?? i.teacherId) === teacher.id).length;

  it('sees no queue item, objection or review about himself, decides none, while another moderator does', async () => {
    const seen = async (as: { Authorization: string }) => ({
      queue: about((await request(h.api.url).get('/api/moderation/queue').set(as).expect(200)).body),
      objections: about((await request(h.api.url).get('/api/moderation/objections').set(as).expect(200)).body),
      review: (await request(h.api.url).get(`/api/rating/${ids.held}`).set(as)).status,
    });
    expect({ other: await seen(other), conflicted: await seen(conflicted) }).toEqual({
      other: { queue: 2, objections: 1, review: 200 },
      conflicted: { queue: 0, objections: 0, review: 404 },
    });
    // Nor may he decide: approving the held review, refusing his own objection, as for missing ones.
    await request(h.api.url).post(`/api/moderation/reviews/${ids.held}/approve`).set(conflicted).send({}).expect(404);
    await request(h.api.url)
      .post(`/api/moderation/objections/${teacher.id}/refuse`)
      .set(conflicted)
      .send({ reason: 'other', text: 'Refus de complaisance.' })
      .expect(404);
    expect((await h.conn.collection('reviews').findOne({ id: ids.held }))?.status).toBe('held');
    // Another moderator's decision about him: not in his list of decisions, nor in the review's history.
    await request(h.api.url).post(`/api/moderation/reviews/${ids.reported}/approve`).set(other).send({}).expect(200);
    const decided = (as: { Authorization: string }) => request(h.api.url).get('/api/moderation/actions').set(as).expect(200);
    expect(about((await decided(other)).body)).toBeGreaterThan(0);
    expect(about((await decided(conflicted)).body)).toBe(0);
    expect((await request(h.api.url).get(`/api/moderation/reviews/${ids.reported}/actions`).set(conflicted).expect(200)).body).toEqual([]);
  });

  it("does not learn from the publication's health that a task about him fails: neither listed nor counted", async () => {
    const health = async (as: { Authorization: string }) => {
      const body = (await request(h.api.url).get('/api/moderation/health').set(as).expect(200)).body;
      return {
        count: body.failingTasks as number,
        aboutHim: (body.tasks as { reviewId: number }[]).filter((t) => t.reviewId === ids.held).length,
      };
    };
    const before = { other: await health(other), conflicted: await health(conflicted) };
    // A task about his record fails (its next try far off, so the worker leaves it alone during the test).
    const later = new Date(Date.now() + 3_600_000);
    await h.conn.collection('review_tasks').insertOne({
      _id: `reply:${ids.held}` as never,
      reviewId: ids.held,
      kind: 'reply',
      publishAt: later,
      attempts: 3,
      lastError: 'boom',
      retryAt: later,
    });
    try {
      expect({ other: await health(other), conflicted: await health(conflicted) }).toEqual({
        other: { count: before.other.count + 1, aboutHim: 1 },
        conflicted: before.conflicted,
      });
    } finally {
      await h.conn.collection('review_tasks').deleteOne({ _id: `reply:${ids.held}` as never });
    }
  });

  it('past CHECKED_FOR_OWN failing tasks, his count stands still whatever fails about him (the read stays bounded)', async () => {
    const count = async (as: { Authorization: string }) =>
      (await request(h.api.url).get('/api/moderation/health').set(as).expect(200)).body.failingTasks as number;
    const later = new Date(Date.now() + 3_600_000);
    const failing = (id: string, reviewId: number) => ({
      _id: id as never,
      reviewId,
      kind: 'review',
      publishAt: later,
      attempts: 1,
      lastError: 'x',
      retryAt: later,
    });
    // Many failing tasks about other reviews (ids no review has): an incident far beyond the usual handful.
    const planted = Array.from({ length: CHECKED_FOR_OWN + 1 }, (_, i) => failing(`review:${9_000_000 + i}`, 9_000_000 + i));
    await h.conn.collection('review_tasks').insertMany(planted);
    try {
      const before = { other: await count(other), conflicted: await count(conflicted) };
      expect(before.conflicted).toBe(CHECKED_FOR_OWN);
      await h.conn.collection('review_tasks').insertOne(failing(`reply:${ids.held}`, ids.held));
      expect({ other: await count(other), conflicted: await count(conflicted) }).toEqual({
        other: before.other + 1,
        conflicted: CHECKED_FOR_OWN,
      });
    } finally {
      await h.conn.collection('review_tasks').deleteMany({ _id: { $in: [...planted.map((t) => t._id), `reply:${ids.held}`] } as never });
    }
  });
});
