import { request } from '@pupitre/server-kit/testing';
import { PublicationCore } from '../app/core/publication-core';
import { aggregateMismatches, type Harness, reviewPayload, shownAggregates, startHarness, teachersOf, waitFor } from '../testing/rating-harness';

jest.setTimeout(60_000);

/** How far ahead the tests move a review's publication time (a stand-in for the 10-minute delay). */
const AHEAD_MS = 5000;

/**
 * A new review is validated PUBLICATION_LEAD ahead of its publication time and shows at that exact
 * instant: nothing of it is public before (lists, aggregates, votes, its author's status), all of it
 * is right after, without any further write or cache bump.
 */
describe('publication validated ahead of its time', () => {
  let h: Harness;
  let core: PublicationCore;
  let teachers: { id: number; name: string; subjectIds: number[] }[];
  const review = (id: number) => h.conn.collection('reviews').findOne({ id });
  const ids = (blocks: { reviews?: { id: number }[] }[]) => blocks.slice(0, -1).flatMap((b) => b.reviews!.map((r) => r.id));
  const communityIds = async () => ids((await request(h.api.url).get('/api/rating/community?limit=50').expect(200)).body);
  const teacherReviewIds = async (t: number) => ids((await request(h.api.url).get(`/api/teacher/${t}/reviews?limit=50`).expect(200)).body);
  const teacherCount = async (t: number) => (await request(h.api.url).get(`/api/teacher/${t}`).expect(200)).body.reviews as number;

  /** Creates a review through the API, then moves its publication time AHEAD_MS away and validates it now (the job firing ahead). */
  async function createValidatedAhead(author: Record<string, string>, teacherId: number, subjectId: number, overrides: Record<string, unknown> = {}) {
    const { id } = (await request(h.api.url).post('/api/rating/0').set(author).send(reviewPayload(teacherId, subjectId, overrides)).expect(201)).body;
    const publishAt = new Date(Date.now() + AHEAD_MS);
    await h.conn.collection('reviews').updateOne({ id }, { $set: { publishAt } });
    const outcome = await core.validateDue(id, 1);
    return { id: id as number, publishAt, outcome };
  }

  beforeAll(async () => {
    // No worker: the test plays the job's part, at the instant it chooses.
    h = await startHarness(__filename);
    core = h.api.app.get(PublicationCore);
    teachers = await teachersOf(h.conn);
  });
  afterAll(() => h?.close());

  it('shows nothing before its instant, everything right after, without another write', async () => {
    const t = teachers[20];
    const author = await h.auth('ahead-author');
    const reader = await h.auth('ahead-reader');
    const countBefore = await teacherCount(t.id);
    const rankingBefore = (await request(h.api.url).get('/api/teachers/ranking').expect(200)).body;
    const { id, publishAt, outcome } = await createValidatedAhead(author, t.id, t.subjectIds[0], { tot_rating: 10 });
    expect(outcome).toBe('published');
    const stored = await review(id);
    expect(stored).toMatchObject({ status: 'published', visible: true, pub: { publishedAt: publishAt } });

    // Before its instant (read twice: the second answer comes from the cache).
    for (let i = 0; i < 2; i++) {
      expect(await communityIds()).not.toContain(id);
      expect(await teacherReviewIds(t.id)).not.toContain(id);
      expect(await teacherCount(t.id)).toBe(countBefore);
    }
    expect((await request(h.api.url).get('/api/teachers/ranking').expect(200)).body).toEqual(rankingBefore);
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect((await request(h.api.url).get(`/api/rating/${id}`).set(author).expect(200)).body).toMatchObject({ status: 'pending' });
    expect((await request(h.api.url).get('/auth/me').set(author).expect(200)).body).toMatchObject({ num: 0, average: null });
    await request(h.api.url).post(`/api/relatable/${id}`).set(reader).send({ value: true }).expect(404);
    await request(h.api.url).post(`/api/rating/${id}/favorite`).set(reader).send({ value: true }).expect(404);
    expect((await shownAggregates(h.conn, t.id)).reviewCount).toBe(countBefore);
    expect(Date.now()).toBeLessThan(publishAt.getTime()); // the checks above ran before the instant

    // At its instant: shown everywhere, from the caches filled before it too.
    await waitFor(async () => (await communityIds()).includes(id), 10_000, 'shown in the community');
    const lateness = Date.now() - publishAt.getTime();
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(1000);
    expect(await teacherReviewIds(t.id)).toContain(id);
    expect(await teacherCount(t.id)).toBe(countBefore + 1);
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([expect.objectContaining({ id, status: 'published' })]);
    expect((await request(h.api.url).get('/auth/me').set(author).expect(200)).body).toMatchObject({ num: 1, average: 10 });
    await request(h.api.url).post(`/api/relatable/${id}`).set(reader).send({ value: true }).expect(200);
    expect(await review(id)).toMatchObject({ rev: stored!.rev }); // no transition was needed to show it
    expect(await aggregateMismatches(h.conn)).toEqual([]);
  });

  it('an edit before its instant withdraws the version validated ahead: it never shows', async () => {
    const t = teachers[21];
    const author = await h.auth('ahead-editor');
    const countBefore = await teacherCount(t.id);
    const { id, publishAt } = await createValidatedAhead(author, t.id, t.subjectIds[0], { tot_rating: 3, text_rating: 'First thoughts' });
    await request(h.api.url).put(`/api/rating/${id}`).set(author).send(reviewPayload(t.id, t.subjectIds[0], { tot_rating: 8, text_rating: 'Second thoughts' })).expect(200);
    expect(await review(id)).toMatchObject({ status: 'pending', version: 2, pub: null, visible: false });
    await new Promise((r) => setTimeout(r, Math.max(0, publishAt.getTime() - Date.now() + 300)));
    const page = JSON.stringify((await request(h.api.url).get(`/api/teacher/${t.id}/reviews?limit=50`).expect(200)).body);
    expect(page).not.toContain('First thoughts');
    expect(await communityIds()).not.toContain(id);
    expect(await teacherCount(t.id)).toBe(countBefore);
    expect(await aggregateMismatches(h.conn)).toEqual([]);
    // The edit is then validated at its own time (it has no public version: ahead too) and shows.
    expect(await core.validateDue(id, 2)).toBe('published');
    await waitFor(async () => (await teacherReviewIds(t.id)).includes(id), 10_000, 'edit shown');
    expect(await teacherCount(t.id)).toBe(countBefore + 1);
    expect(await aggregateMismatches(h.conn)).toEqual([]);
  });

  it('a verdict reached ahead is told to the author at the publication time, not before', async () => {
    const t = teachers[22];
    const author = await h.auth('ahead-rejected');
    const { id, publishAt, outcome } = await createValidatedAhead(author, t.id, t.subjectIds[0], { text_rating: 'What a d1ckhead' });
    expect(outcome).toBe('rejected');
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body[0]).not.toHaveProperty('reason');
    expect(Date.now()).toBeLessThan(publishAt.getTime());
    await new Promise((r) => setTimeout(r, publishAt.getTime() - Date.now() + 50));
    expect((await request(h.api.url).get('/auth/me/reviews').set(author).expect(200)).body).toEqual([expect.objectContaining({ id, status: 'rejected', reason: 'offensive-language' })]);
  });

  it('does not validate a review further ahead than PUBLICATION_LEAD, nor an edit of a public review ahead of its time', async () => {
    const t = teachers[23];
    const author = await h.auth('too-early');
    const { id } = (await request(h.api.url).post('/api/rating/0').set(author).send(reviewPayload(t.id, t.subjectIds[0])).expect(201)).body;
    await h.conn.collection('reviews').updateOne({ id }, { $set: { publishAt: new Date(Date.now() + h.apiConfig.PUBLICATION_LEAD + 60_000) } });
    expect(await core.validateDue(id, 1)).toBe('skipped');
    await h.conn.collection('reviews').updateOne({ id }, { $set: { publishAt: new Date() } });
    expect(await core.validateDue(id, 1)).toBe('published');
    await request(h.api.url).put(`/api/rating/${id}`).set(author).send(reviewPayload(t.id, t.subjectIds[0], { text_rating: 'An edit of a public review' })).expect(200);
    await h.conn.collection('reviews').updateOne({ id }, { $set: { publishAt: new Date(Date.now() + AHEAD_MS) } });
    expect(await core.validateDue(id, 2)).toBe('skipped'); // an edit of a public review is validated at its time, not ahead
    expect(await review(id)).toMatchObject({ status: 'pending', pub: { version: 1 } });
  });

});
