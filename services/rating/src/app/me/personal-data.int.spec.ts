// GET /auth/me/export: the rating part of a user's copy of their own data (issue #41), on the real
// database through the HTTP API (every answer checked against the contract by the request helper):
// the user's reviews with their class year and exact dates, votes, favourites and reports; another
// user's data never, no user id at all; 401 without a token.
import { RATING_EXPORT_FILENAME, type RatingDataExport } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../../../testing/rating-harness';

jest.setTimeout(120_000);

describe('GET /auth/me/export', () => {
  let h: Harness;
  let url: string;
  const suffix = Math.random().toString(36).slice(2, 8);
  const subA = `export-a-${suffix}`;
  const subB = `export-b-${suffix}`;
  let a: { Authorization: string };
  let b: { Authorization: string };
  let demo: number[];
  let reviewA: number;
  let reviewB: number;

  beforeAll(async () => {
    h = await startHarness(__filename);
    url = h.api.url;
    [a, b] = await Promise.all([h.auth(subA), h.auth(subB)]);
    const teachers = await teachersOf(h.conn);
    demo = (await h.conn.collection('reviews').find({ visible: true }).sort({ id: 1 }).limit(3).toArray()).map((r) => r.id as number);
    const [t1, t2] = teachers;
    reviewA = (
      await request(url)
        .post('/api/rating/0')
        .set(a)
        .send(reviewPayload(t1.id, t1.subjectIds[0], { year: 1, tot_rating: 8, text_rating: 'Alpha writes this' }))
        .expect(201)
    ).body.id;
    reviewB = (
      await request(url)
        .post('/api/rating/0')
        .set(b)
        .send(reviewPayload(t2.id, t2.subjectIds[0], { year: 4, tot_rating: 3, text_rating: 'Bravo writes this' }))
        .expect(201)
    ).body.id;
    // A: relatable on demo 0, not on demo 1, favours demo 0, reports demo 1. B: the other way round, reports demo 2.
    await request(url).post(`/api/relatable/${demo[0]}`).set(a).send({ value: true }).expect(200);
    await request(url).post(`/api/relatable/${demo[1]}`).set(a).send({ value: false }).expect(200);
    await request(url).post(`/api/rating/${demo[0]}/favorite`).set(a).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${demo[1]}/report`).set(a).send({ content: 'Alpha reports this' }).expect(201);
    await request(url).post(`/api/relatable/${demo[0]}`).set(b).send({ value: false }).expect(200);
    await request(url).post(`/api/rating/${demo[1]}/favorite`).set(b).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${demo[2]}/report`).set(b).send({ content: 'Bravo reports this' }).expect(201);
  });
  afterAll(() => h?.close());

  const exportOf = async (auth: { Authorization: string }) => {
    const res = await request(url).get('/auth/me/export').set(auth).expect(200);
    return { body: res.body as RatingDataExport, text: res.text, headers: res.headers };
  };

  it("holds the user's reviews with their class year and exact dates, votes, favourites and reports", async () => {
    const { body, headers } = await exportOf(a);
    const stored = await h.conn.collection('reviews').findOne({ id: reviewA });
    expect(body.reviews).toHaveLength(1);
    expect(body.reviews[0]).toMatchObject({
      id: reviewA,
      class_year: 'Première',
      overall: 8,
      text: 'Alpha writes this',
      status: 'pending',
      created_at: (stored!.createdAt as Date).toISOString(),
      updated_at: (stored!.updatedAt as Date).toISOString(),
      published_at: null,
    });
    expect(body.reviews[0].teacher).not.toBe('');
    expect(body.reviews[0].subject).not.toBe('');
    expect(Object.keys(body.reviews[0].grades).length).toBeGreaterThanOrEqual(7);
    expect(body.votes).toEqual(
      [
        { review_id: demo[0], relatable: true },
        { review_id: demo[1], relatable: false },
      ].sort((x, y) => x.review_id - y.review_id),
    );
    expect(body.favorites).toEqual([demo[0]]);
    expect(body.reports).toEqual([
      { review_id: demo[1], text: 'Alpha reports this', created_at: expect.any(String), outcome: 'open', decided_at: null },
    ]);
    expect(Date.now() - new Date(body.reports[0].created_at).getTime()).toBeLessThan(120_000);
    expect(headers['content-disposition']).toBe(`attachment; filename="${RATING_EXPORT_FILENAME}"`);
  });

  it("another user's export has nothing of the first's, and no export carries a user id or an e-mail", async () => {
    const [ofA, ofB] = await Promise.all([exportOf(a), exportOf(b)]);
    expect(ofB.body.reviews.map((r) => r.id)).toEqual([reviewB]);
    expect(ofB.body.reviews[0].class_year).toBe('Quatrième');
    expect(ofB.body.votes).toEqual([{ review_id: demo[0], relatable: false }]);
    expect(ofB.body.favorites).toEqual([demo[1]]);
    expect(ofB.body.reports.map((r) => [r.review_id, r.text])).toEqual([[demo[2], 'Bravo reports this']]);
    expect(ofB.text).not.toContain('Alpha');
    expect(ofA.text).not.toContain('Bravo');
    for (const { text } of [ofA, ofB]) {
      expect(text).not.toContain(subA);
      expect(text).not.toContain(subB);
      expect(text).not.toMatch(/authorId|userId|voters|"u":|@/);
    }
  });

  it('a user with nothing gets empty lists', async () => {
    const { body } = await exportOf(await h.auth());
    expect(body).toEqual({ reviews: [], votes: [], favorites: [], reports: [] });
  });

  it('401 without a token', async () => {
    await request(url).get('/auth/me/export').expect(401);
  });
});
