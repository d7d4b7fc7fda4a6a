// Races on the rating service by one user (a unique index, a compare-and-set on the review's version,
// `$addToSet`): the same review posted at once, votes, favourites and reports on one review. Each counts once,
// as the API shows it afterwards (the public lists, the user's own pages, the moderation queue).
import { type PublicReview } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { reviewPayload, teachersOf } from '../../rating/testing/rating-harness';
import { race, RACERS, tally } from './testing/concurrency';
import { type Account, useWorld } from './testing/world';

jest.setTimeout(60_000);

describe('races on the rating service', () => {
  const world = useWorld(__filename);

  /** A new public review by a new author, and a new user to race on it. */
  async function scene(): Promise<{ id: number; user: Account; url: string }> {
    const [author, user] = await Promise.all([world().account(), world().account()]);
    return { id: await world().publicReview(author), user, url: world().url };
  }
  /** The review as the community list shows it to anyone. */
  async function shown(id: number): Promise<PublicReview | undefined> {
    const blocks = (await request(world().url).get('/api/rating/community?limit=50').expect(200)).body.slice(0, -1) as {
      reviews: PublicReview[];
    }[];
    return blocks.flatMap((b) => b.reviews).find((r) => r.id === id);
  }

  it(`${RACERS} copies of one review (same user, teacher, subject, year) at once: one 201, the rest 409 duplicate-review`, async () => {
    const user = await world().account();
    const teacher = (await teachersOf(world().rating.conn))[10];
    const payload = reviewPayload(teacher.id, teacher.subjectIds[0]);
    const answers = await race(() => request(world().url).post('/api/rating/0').set(user.bearer).send(payload));
    expect(tally(answers)).toEqual({ 201: 1, 409: RACERS - 1 });
    for (const a of answers.filter((r) => r.status === 409)) expect(a.body).toEqual({ error: 'duplicate-review' });
    expect((await request(world().url).get('/auth/me/reviews').set(user.bearer).expect(200)).body).toHaveLength(1);
  });

  it(`${RACERS} votes by one user on one review at once (up and down mixed): counted once; ${RACERS} removals: none left`, async () => {
    const { id, user, url } = await scene();
    const votes = await race((i) =>
      request(url)
        .post(`/api/relatable/${id}`)
        .set(user.bearer)
        .send({ value: i % 2 === 0 }),
    );
    expect(tally(votes)).toEqual({ 200: RACERS });
    const after = await shown(id);
    expect(after?.relatable_count).toBe(1);
    expect([0, 100]).toContain(after?.relatable);
    expect(tally(await race(() => request(url).delete(`/api/relatable/${id}`).set(user.bearer)))).toEqual({ 200: RACERS });
    expect((await shown(id))?.relatable_count).toBe(0);
  });

  it(`${RACERS} favourites by one user of one review at once: listed once`, async () => {
    const { id, user, url } = await scene();
    expect(tally(await race(() => request(url).post(`/api/rating/${id}/favorite`).set(user.bearer).send({ value: true })))).toEqual({
      200: RACERS,
    });
    const favorites = (await request(url).get('/auth/me/favorites').set(user.bearer).expect(200)).body as PublicReview[];
    expect(favorites.map((r) => r.id)).toEqual([id]);
  });

  it(`${RACERS} reports by one user of one review at once: one 201, the rest 409 already-reported; one report queued`, async () => {
    const { id, user, url } = await scene();
    const admin = await world().account('admin');
    const answers = await race(() =>
      request(url).post(`/api/rating/${id}/report`).set(user.bearer).send({ content: 'The same report, many times' }),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: RACERS - 1 });
    for (const a of answers.filter((r) => r.status === 409)) expect(a.body).toEqual({ error: 'already-reported' });
    expect((await request(url).get('/auth/me/reports').set(user.bearer).expect(200)).body).toHaveLength(1);
    const queue = (await request(url).get('/api/moderation/queue').set(admin.bearer).expect(200)).body as {
      id: number;
      reports: unknown[];
    }[];
    expect(queue.find((q) => q.id === id)?.reports).toHaveLength(1);
  });
});
