// Votes as targeted writes (reviews/votes.ts, data/review-votes.ts): concurrent voters on one review never retry each other's
// writes and are counted exactly; a vote changed or removed moves only its own entry; the reader's own vote shows in the lists,
// and no answer carries the voters.
import { request } from '@pupitre/server-kit/testing';
import { relevanceKey } from '../reviews/list-keys';
import { type Harness, startHarness } from '../../../testing/rating-harness';

jest.setTimeout(120_000);

const VOTERS = 50;

describe('votes on one review', () => {
  let h: Harness;
  let id: number;
  const auths: { Authorization: string }[] = [];
  const reviews = () => h.conn.collection('reviews');

  beforeAll(async () => {
    h = await startHarness(__filename);
    const review = await reviews().findOne({ visible: true, demo: true, relTotal: 0 });
    id = review!.id;
    for (let i = 0; i < VOTERS; i++) auths.push(await h.auth(`voter-${i}`));
  });
  afterAll(() => h?.close());

  const stored = async () => {
    const doc = await reviews().findOne({ id });
    return { relUp: doc!.relUp, relTotal: doc!.relTotal, voters: doc!.voters, relevant: doc!.keys?.relevant };
  };

  it(`${VOTERS} users voting at once are all counted, exactly, without a 503`, async () => {
    const answers = await Promise.all(
      auths.map((auth, i) =>
        request(h.api.url)
          .post(`/api/relatable/${id}`)
          .set(auth)
          .send({ value: i % 2 === 0 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const [i, a] of answers.entries()) expect(a.body.vote).toBe(i % 2 === 0);
    const doc = await stored();
    expect(doc).toMatchObject({ relUp: VOTERS / 2, relTotal: VOTERS, relevant: relevanceKey(VOTERS / 2, VOTERS) });
    expect(doc.voters).toHaveLength(VOTERS);
    // The last answer's counts are those of the document (nothing lost in between).
    const again = await request(h.api.url).post(`/api/relatable/${id}`).set(auths[0]).send({ value: true }).expect(200);
    expect(again.body).toEqual({ relatable: 50, relatable_count: VOTERS, vote: true });
  });

  it('votes changed and removed at once, by half the voters each, leave exact counts', async () => {
    const answers = await Promise.all(
      auths.map((auth, i) =>
        i < VOTERS / 2
          ? request(h.api.url)
              .post(`/api/relatable/${id}`)
              .set(auth)
              .send({ value: i % 2 !== 0 }) // flipped
          : request(h.api.url).delete(`/api/relatable/${id}`).set(auth),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // The first half flipped: 12 of its 25 (the odd ones) now say relatable; the second half has no vote left.
    const up = Math.floor(VOTERS / 4);
    expect(await stored()).toMatchObject({ relUp: up, relTotal: VOTERS / 2, relevant: relevanceKey(up, VOTERS / 2) });
    const { voters } = await stored();
    expect(new Set(voters.map((v: { u: string }) => v.u)).size).toBe(VOTERS / 2);
    // Removed twice: no harm, same counts.
    const removed = await request(h.api.url)
      .delete(`/api/relatable/${id}`)
      .set(auths[VOTERS - 1])
      .expect(200);
    expect(removed.body).toEqual({ relatable: Math.round((100 * up) / (VOTERS / 2)), relatable_count: VOTERS / 2, vote: null });
  });

  it("the reader's own vote shows in the lists; no answer carries the voters", async () => {
    const res = await request(h.api.url).get('/api/rating/community?limit=50').set(auths[1]).expect(200);
    const state = res.body[res.body.length - 1] as Record<string, [boolean | null, boolean]>;
    expect(state[String(id)]).toEqual([true, false]); // voter-1 flipped from false to true
    const other = await request(h.api.url).get('/api/rating/community?limit=50').set(auths[0]).expect(200);
    expect(other.body[other.body.length - 1][String(id)]).toEqual([false, false]);
    const text = JSON.stringify([res.body, other.body]);
    expect(text).not.toContain('voters');
    expect(text).not.toMatch(/voter-\d/);
  });

  it('reports written while the review is being voted on land at once, and lose no vote (votes leave `fence` alone)', async () => {
    const before = await stored();
    const reporters = await Promise.all(Array.from({ length: 5 }, (_, i) => h.auth(`reporter-${i}`, ['user'], 0))); // weight 0: stays public
    const voters = await Promise.all(Array.from({ length: 30 }, (_, i) => h.auth(`late-voter-${i}`)));
    const answers = await Promise.all([
      ...voters.map((auth) => request(h.api.url).post(`/api/relatable/${id}`).set(auth).send({ value: true })),
      ...reporters.map((auth) => request(h.api.url).post(`/api/rating/${id}/report`).set(auth).send({ content: 'hmm' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...voters.map(() => 200), ...reporters.map(() => 201)]);
    const after = await reviews().findOne({ id });
    const [up, total] = [before.relUp + 30, before.relTotal + 30];
    expect({ relUp: after!.relUp, relTotal: after!.relTotal, voters: after!.voters.length, reports: after!.reportCount }).toEqual({
      relUp: up,
      relTotal: total,
      voters: total,
      reports: 5,
    });
    expect(after!.keys.relevant).toBe(relevanceKey(up, total));
  });

  it('no vote on a review that is not public (404), nor on one’s own (403); nothing changed', async () => {
    const before = await stored();
    const hidden = await reviews().findOne({ visible: false });
    if (hidden) await request(h.api.url).post(`/api/relatable/${hidden.id}`).set(auths[2]).send({ value: true }).expect(404);
    // Removing a vote too: a missing or hidden review is a 404, never a 500.
    if (hidden) await request(h.api.url).delete(`/api/relatable/${hidden.id}`).set(auths[2]).expect(404);
    await request(h.api.url).delete('/api/relatable/987654').set(auths[2]).expect(404);
    await request(h.api.url).post('/api/relatable/987654').set(auths[2]).send({ value: null }).expect(404);
    await reviews().updateOne({ id }, { $set: { authorId: 'voter-3' } });
    await request(h.api.url).post(`/api/relatable/${id}`).set(auths[3]).send({ value: true }).expect(403);
    expect(await stored()).toEqual(before);
  });
});
