// Adversary suite: a signed-out poller of a teacher page. When a review became public at its write
// time + 10 minutes, the page told anyone the second it was written ("written during my Tuesday
// 10:30 lesson with 4e B"). A review that passes its validation waits for the next release time
// and becomes public then, with every other review validated since the previous release: written
// at different times, they are public at the same instant, never before it, and dated alike.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitFor } from '../../../rating/testing/rating-harness';

jest.setTimeout(90_000);

const PERIOD_MS = 6000;

describe('release times', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(__filename, {
      worker: true,
      api: { REVIEW_VALIDATION_DELAY: '1s', RELEASE_TIMES: `every ${PERIOD_MS}ms` },
      workerEnv: { RELEASE_TIMES: `every ${PERIOD_MS}ms` },
    });
  });
  afterAll(() => h?.close());

  it('reviews written at different times are public at the next release, all at once, and never before it', async () => {
    const [teacher] = (await teachersOf(h.conn)).slice(6, 7);
    // Just after a release: the next one comes after every write below is validated.
    await waitFor(async () => Date.now() % PERIOD_MS > 200 && Date.now() % PERIOD_MS < 800, 10_000, 'just after a release');
    const release = Math.ceil(Date.now() / PERIOD_MS) * PERIOD_MS;
    const ids: number[] = [];
    const writtenAt: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { body } = await request(h.api.url)
        .post('/api/rating/0')
        .set(await h.auth(`release-author-${i}`))
        .send(reviewPayload(teacher.id, teacher.subjectIds[0], { tot_rating: 2 + i }))
        .expect(201);
      ids.push(body.id);
      writtenAt.push(Date.now());
      await new Promise((r) => setTimeout(r, 400)); // the authors write one after another
    }
    // The authors are told when theirs will be public.
    const mine = (
      await request(h.api.url)
        .get('/auth/me/reviews')
        .set(await h.auth('release-author-0'))
        .expect(200)
    ).body as {
      id: number;
      public_at?: string;
    }[];
    expect(mine.find((r) => r.id === ids[0])?.public_at).toBe(new Date(release).toISOString());
    // A poller of the teacher page: until all four show, when each was first seen.
    const seenAt = new Map<number, number>();
    await waitFor(
      async () => {
        const blocks = (await request(h.api.url).get(`/api/teacher/${teacher.id}/reviews`).expect(200)).body as {
          reviews?: { id: number }[];
        }[];
        const listed = new Set(blocks.flatMap((b) => b.reviews ?? []).map((r) => r.id));
        for (const id of ids) if (listed.has(id) && !seenAt.has(id)) seenAt.set(id, Date.now());
        return seenAt.size === ids.length;
      },
      30_000,
      'all four public',
    );
    const docs = await h.conn
      .collection('reviews')
      .find({ id: { $in: ids } })
      .toArray();
    expect({
      seenBeforeTheRelease: [...seenAt.values()].filter((at) => at < release).length,
      publishedAt: [...new Set(docs.map((d) => new Date(d.pub.publishedAt).getTime()))],
      writtenApart: writtenAt[3] - writtenAt[0] >= 1000,
    }).toEqual({ seenBeforeTheRelease: 0, publishedAt: [release], writtenApart: true });
  });
});
