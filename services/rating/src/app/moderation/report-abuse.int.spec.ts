// Reports cannot be used to take reviews down: one's own report is refused, a reported review
// stays public and goes to the moderators' queue, it is held before they decide only when its
// reports weigh enough (account age × track record), the author then sees "held" with the reason,
// and each reporter is told the outcome and the statement of reasons (DSA art. 16–17 style).
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('reports and their outcome', () => {
  let h: Harness;
  let url: string;
  let admin: { Authorization: string };
  let n = 0;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
    url = h.api.url;
    admin = await h.auth('abuse-admin', ['admin']);
  });
  afterAll(() => h?.close());

  /** A new public review by a new author. */
  async function publicReview(): Promise<{ id: number; author: { Authorization: string } }> {
    n += 1;
    const author = await h.auth(`abuse-author-${n}`, ['user'], 200);
    const t = (await teachersOf(h.conn))[n];
    const { body } = await request(url)
      .post('/api/rating/0')
      .set(author)
      .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: `Honest review number ${n}` }))
      .expect(201);
    await waitShown(h, body.id);
    return { id: body.id, author };
  }
  const isPublic = async (id: number) => {
    const blocks = (await request(url).get('/api/rating/community?limit=50').expect(200)).body.slice(0, -1);
    return blocks.some((b: { reviews: { id: number }[] }) => b.reviews.some((r) => r.id === id));
  };
  const report = (id: number, who: { Authorization: string }) =>
    request(url).post(`/api/rating/${id}/report`).set(who).send({ content: 'This is not fair to the teacher' });
  const queued = async (id: number) =>
    ((await request(url).get('/api/moderation/queue').set(admin).expect(200)).body as { id: number; reports: { weight: number }[] }[]).find(
      (q) => q.id === id,
    );

  it("refuses a report on one's own review", async () => {
    const { id, author } = await publicReview();
    await report(id, author).expect(403);
    expect(await queued(id)).toBeUndefined();
  });

  it('three fresh sign-ups cannot take a review down: it stays public and waits for a moderator', async () => {
    const { id, author } = await publicReview();
    for (let i = 0; i < 3; i++) await report(id, await h.auth(`abuse-fresh-${n}-${i}`, ['user'], 0)).expect(201);
    expect(await isPublic(id)).toBe(true);
    expect((await queued(id))?.reports.map((r) => r.weight)).toEqual([0, 0, 0]);
    const mine = (await request(url).get('/auth/me/reviews').set(author).expect(200)).body;
    expect(mine[0]).toMatchObject({ id, status: 'published' });
  });

  it('reports of established accounts hold the review: the author sees "held, reported"; the moderator decides; reporters learn the outcome', async () => {
    const { id, author } = await publicReview();
    const reporters = await Promise.all([0, 1, 2].map((i) => h.auth(`abuse-old-${n}-${i}`, ['user'], 90)));
    await report(id, reporters[0]).expect(201);
    await report(id, reporters[1]).expect(201);
    expect(await isPublic(id)).toBe(true); // weight 2 < 3
    await report(id, reporters[2]).expect(201);
    expect(await isPublic(id)).toBe(false);
    expect((await request(url).get('/auth/me/reviews').set(author).expect(200)).body[0]).toMatchObject({
      id,
      status: 'held',
      reason: 'reported',
    });
    const open = (await request(url).get('/auth/me/reports').set(reporters[0]).expect(200)).body;
    expect(open).toEqual([
      expect.objectContaining({
        review_id: id,
        outcome: 'open',
        reason: null,
        decided_at: null,
        teacher: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);

    await request(url).post(`/api/moderation/reviews/${id}/reject`).set(admin).send({ reason: 'personal-data' }).expect(200);
    for (const r of reporters) {
      expect((await request(url).get('/auth/me/reports').set(r).expect(200)).body[0]).toMatchObject({
        review_id: id,
        outcome: 'removed',
        reason: 'personal-data',
        decided_at: expect.any(String),
      });
    }
    expect((await request(url).get('/auth/me/reviews').set(author).expect(200)).body[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'personal-data',
    });
  });

  it('a moderator who keeps a reported review tells the reporters so, and their next reports weigh less', async () => {
    const { id } = await publicReview();
    const reporter = await h.auth(`abuse-overruled-${n}`, ['user'], 90);
    await report(id, reporter).expect(201);
    expect((await queued(id))?.reports.map((r) => r.weight)).toEqual([1]);
    await request(url).post(`/api/moderation/reviews/${id}/approve`).set(admin).send({ note: 'no-breach' }).expect(200);
    expect(await queued(id)).toBeUndefined();
    expect(await isPublic(id)).toBe(true);
    expect((await request(url).get('/auth/me/reports').set(reporter).expect(200)).body[0]).toMatchObject({
      review_id: id,
      outcome: 'kept',
      reason: 'no-breach',
    });
    const next = await publicReview();
    await report(next.id, reporter).expect(201);
    expect((await queued(next.id))?.reports.map((r) => r.weight)).toEqual([0.67]);
  });
});
