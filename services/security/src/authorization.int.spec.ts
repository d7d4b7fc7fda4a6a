// Authorization between users: another user can neither read, edit nor delete one's review; an
// author can neither vote on nor report their own review; and every moderation and catalogue
// endpoint (from the registry: /api/admin, /api/moderation) answers 403 to a signed-in non-admin,
// where an admin's same request is not refused. Nothing changes behind a refusal.
import { type Endpoint } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { reviewPayload, teachersOf } from '../../rating/testing/rating-harness';
import { ADMIN_ENDPOINTS, type Fixtures, label, realPath } from './testing/registry';
import { type Account, useWorld } from './testing/world';

jest.setTimeout(60_000);

const NOT_ADMIN = { detail: 'You do not have permission to perform this action.' };
/** A 403 `forbidden` (with or without a detail). */
const forbidden = async (req: PromiseLike<{ status: number; body: unknown }>) => {
  const res = await req;
  expect([res.status, res.body]).toEqual([403, expect.objectContaining({ error: 'forbidden' })]);
};

describe('authorization between users', () => {
  const world = useWorld(__filename);
  let author: Account;
  let other: Account;
  let admin: Account;
  let fx: Fixtures;

  beforeAll(async () => {
    [author, other, admin] = await Promise.all([world().account(), world().account(), world().account('admin')]);
    fx = await world().fixtures(author);
  });

  const editView = async () => (await request(world().url).get(`/api/rating/${fx.review}`).set(author.bearer).expect(200)).body;

  it('another user cannot read, edit or delete a review (404, as a missing one: no existence oracle), and it stays as it was', async () => {
    const before = await editView();
    const changed = reviewPayload(fx.teacher, fx.subject, { text_rating: 'Taken over by someone else' });
    const notFound = { error: 'not-found' };
    await request(world().url).get(`/api/rating/${fx.review}`).set(other.bearer).expect(404, notFound);
    await request(world().url).put(`/api/rating/${fx.review}`).set(other.bearer).send(changed).expect(404, notFound);
    await request(world().url).delete(`/api/rating/${fx.review}`).set(other.bearer).expect(404, notFound);
    expect(await editView()).toEqual(before);
  });

  it('an author cannot vote on or report their own review (403); nothing is counted or queued', async () => {
    await forbidden(request(world().url).post(`/api/relatable/${fx.review}`).set(author.bearer).send({ value: true }));
    await forbidden(request(world().url).post(`/api/rating/${fx.review}/report`).set(author.bearer).send({ content: 'Reporting myself' }));
    const teacherReviews = (await request(world().url).get(`/api/teacher/${fx.teacher}/reviews`).expect(200)).body.slice(0, -1) as {
      reviews: { id: number; relatable_count: number }[];
    }[];
    expect(teacherReviews.flatMap((b) => b.reviews).find((r) => r.id === fx.review)?.relatable_count).toBe(0);
    const queue = (await request(world().url).get('/api/moderation/queue').set(admin.bearer).expect(200)).body as { id: number }[];
    expect(queue.map((q) => q.id)).not.toContain(fx.review);
  });

  it('finds the moderation and catalogue endpoints in the registry', () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThanOrEqual(10);
  });

  const call = (e: Endpoint, who: Account) =>
    request(world().url)[e.method.toLowerCase() as 'get'](realPath(e, fx)).set(who.bearer).send({});

  it.each(ADMIN_ENDPOINTS.map((e) => [label(e), e] as const))('%s: 403 to a non-admin, not to an admin', async (_, e) => {
    const catalogue = async () => [
      (await request(world().url).get('/api/subjects').expect(200)).text,
      (await request(world().url).get(`/api/teacher/${fx.teacher}`).expect(200)).text,
    ];
    const before = await catalogue();
    await call(e, other).expect(403, NOT_ADMIN);
    await call(e, author).expect(403, NOT_ADMIN);
    expect(await catalogue()).toEqual(before);
    expect((await call(e, admin)).status).not.toBe(403);
  });

  it('a review cannot be overwritten by a creation under its id (404: only /api/rating/0 creates)', async () => {
    const teacher = (await teachersOf(world().rating.conn))[2];
    await request(world().url)
      .post(`/api/rating/${fx.review}`)
      .set(other.bearer)
      .send(reviewPayload(teacher.id, teacher.subjectIds[0]))
      .expect(404);
  });
});
