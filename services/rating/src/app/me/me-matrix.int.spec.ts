// /auth/me, /auth/me/reviews and /auth/me/favorites for every kind of user: {no review, a pending
// review, a public review} × {no favourite, a favourite} × {no vote, a vote}, then after each of
// those is undone (favourite removed, vote removed, review deleted), through the HTTP API on the
// real database. Every answer is checked against the contract by the request helper.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../testing/rating-harness';

jest.setTimeout(120_000);

type ReviewKind = 'none' | 'pending' | 'public';
interface Case {
  review: ReviewKind;
  favourite: boolean;
  vote: boolean;
}
interface Setup extends Case {
  name: string;
  auth: { Authorization: string };
  reviewId: number | null;
  tot: number;
}

const CASES: Case[] = (['none', 'pending', 'public'] as const).flatMap((review) =>
  [false, true].flatMap((favourite) => [false, true].map((vote) => ({ review, favourite, vote }))),
);
const nameOf = (c: Case) => `review ${c.review}, ${c.favourite ? 'a' : 'no'} favourite, ${c.vote ? 'a' : 'no'} vote`;

describe('/auth/me* for every combination of reviews, favourites and votes', () => {
  let h: Harness;
  let url: string;
  let favouriteId: number;
  let votedId: number;
  const setups: Setup[] = [];
  const voter = () => h.auth('matrix-voter');

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
    url = h.api.url;
    const teachers = await teachersOf(h.conn);
    const demo = (await h.conn.collection('reviews').find({ visible: true }).sort({ id: 1 }).limit(2).toArray()).map((r) => r.id as number);
    [favouriteId, votedId] = demo;
    const create = async (c: Case, i: number): Promise<Setup> => {
      const auth = await h.auth(`matrix-${i}`);
      const tot = 4 + (i % 6);
      let reviewId: number | null = null;
      if (c.review !== 'none') {
        const t = teachers[i % teachers.length];
        const res = await request(url)
          .post('/api/rating/0')
          .set(auth)
          .send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: tot }))
          .expect(201);
        reviewId = res.body.id;
      }
      return { ...c, name: nameOf(c), auth, reviewId, tot };
    };
    // Public reviews first, validated by the worker; then the worker stops and the pending ones stay pending.
    for (const [i, c] of CASES.entries()) if (c.review === 'public') setups.push(await create(c, i));
    for (const s of setups) await waitShown(h, s.reviewId!);
    await h.stopWorker();
    for (const [i, c] of CASES.entries()) if (c.review !== 'public') setups.push(await create(c, i));
    for (const s of setups) {
      if (s.favourite)
        await request(url).post(`/api/rating/${favouriteId}/favorite`).set(s.auth).send({ value: true }).expect(200, { value: true });
      if (s.vote) await request(url).post(`/api/relatable/${votedId}`).set(s.auth).send({ value: true }).expect(200);
      // Someone else finds a public review relatable: its author's popularity is 100 %.
      if (s.review === 'public')
        await request(url)
          .post(`/api/relatable/${s.reviewId}`)
          .set(await voter())
          .send({ value: true })
          .expect(200);
    }
  });
  afterAll(() => h?.close());

  /** The three pages of `s`, checked against what its current state must show. */
  async function expectPages(s: Setup, state: { review: ReviewKind; favourite: boolean }): Promise<void> {
    const me = await request(url).get('/auth/me').set(s.auth).expect(200);
    const isPublic = state.review === 'public';
    expect(me.body).toEqual({
      num: isPublic ? 1 : 0,
      average: isPublic ? s.tot : null,
      popularity: isPublic ? 100 : 0,
      since: expect.any(String),
    });
    const mine = await request(url).get('/auth/me/reviews').set(s.auth).expect(200);
    expect(mine.body.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual(
      state.review === 'none' ? [] : [[s.reviewId, state.review === 'public' ? 'published' : 'pending']],
    );
    const favourites = await request(url).get('/auth/me/favorites').set(s.auth).expect(200);
    expect(favourites.body.map((r: { id: number }) => r.id)).toEqual(state.favourite ? [favouriteId] : []);
  }

  it.each(CASES.map((c) => [nameOf(c), c] as const))('%s: 200 and right, then after each is undone', async (name) => {
    const s = setups.find((x) => x.name === name)!;
    const state = { review: s.review, favourite: s.favourite };
    await expectPages(s, state);
    if (s.favourite) {
      await request(url).delete(`/api/rating/${favouriteId}/favorite`).set(s.auth).expect(204);
      state.favourite = false;
      await expectPages(s, state);
    }
    if (s.vote) {
      const res = await request(url).delete(`/api/relatable/${votedId}`).set(s.auth).expect(200);
      expect(res.body.vote).toBeNull();
      await expectPages(s, state);
    }
    if (s.reviewId !== null) {
      await request(url).delete(`/api/rating/${s.reviewId}`).set(s.auth).expect(204);
      state.review = 'none';
      await expectPages(s, state);
      await request(url).get(`/api/rating/${s.reviewId}`).set(s.auth).expect(404);
    }
  });

  it("a deleted review leaves every public answer and its teacher's count", async () => {
    const author = await h.auth('matrix-deleter');
    const [t] = await teachersOf(h.conn);
    const before = (await request(url).get(`/api/teacher/${t.id}`).expect(200)).body.reviews;
    await h.startWorker();
    const { body } = await request(url)
      .post('/api/rating/0')
      .set(author)
      .send(reviewPayload(t.id, t.subjectIds[0], { year: 5 }))
      .expect(201);
    await waitShown(h, body.id);
    expect((await request(url).get(`/api/teacher/${t.id}`).expect(200)).body.reviews).toBe(before + 1);
    await request(url)
      .post(`/api/rating/${body.id}/favorite`)
      .set(await voter())
      .send({ value: true })
      .expect(200);
    await request(url)
      .delete(`/api/rating/${body.id}`)
      .set(await voter())
      .expect(404); // someone else's review: as a missing one
    await request(url).delete(`/api/rating/${body.id}`).set(author).expect(204);
    await request(url).delete(`/api/rating/${body.id}`).set(author).expect(404);
    expect((await request(url).get(`/api/teacher/${t.id}`).expect(200)).body.reviews).toBe(before);
    const listed = (await request(url).get(`/api/teacher/${t.id}/reviews?limit=50`).expect(200)).body.slice(0, -1);
    expect(listed.flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => r.id))).not.toContain(body.id);
    expect(
      (
        await request(url)
          .get('/auth/me/favorites')
          .set(await voter())
          .expect(200)
      ).body,
    ).toEqual([]);
    // Nobody's index still lists the deleted review among their favourites.
    expect(await h.conn.collection('user_index').countDocuments({ favorites: body.id })).toBe(0);
  });
});
