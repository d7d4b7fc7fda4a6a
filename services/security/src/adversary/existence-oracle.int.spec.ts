// Adversary suite: a signed-in classmate or teacher probing review ids. Every id-addressed route
// (read, edit, delete, vote, unvote, favourite, report, reply) answers someone who is neither the
// author nor a moderator exactly as it answers an id that does not exist: the same status, body and
// headers, whether the review is pending (written minutes ago), held (hidden by reports) or, for the
// author's own routes, public. Otherwise polling the next ids tells the second each review was
// written and whether it was held.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../../../rating/testing/rating-harness';

jest.setTimeout(60_000);

/** What a client sees of an answer, but its date. */
type Seen = { status: number; body: unknown; headers: Record<string, string> };
const seen = (res: { status: number; body: unknown; headers: unknown }): Seen => {
  // The date and the request's own id differ from one answer to the next whatever the review.
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers as Record<string, string>;
  return { status: res.status, body: res.body, headers };
};

describe('review ids are no existence oracle', () => {
  let h: Harness;
  const ids = { missing: 987_654_321, pending: 0, held: 0, othersPublic: 0 };
  let teacherOfPending = 0;

  beforeAll(async () => {
    // No worker: a review written stays pending.
    h = await startHarness(__filename, { api: { REPORT_HIDE_THRESHOLD: '2' } });
    const [teacher] = (await teachersOf(h.conn)).slice(4, 5);
    teacherOfPending = teacher.id;
    const author = await h.auth('oracle-author');
    ids.pending = (
      await request(h.api.url).post('/api/rating/0').set(author).send(reviewPayload(teacher.id, teacher.subjectIds[0])).expect(201)
    ).body.id;
    const publicIds = (await h.conn.collection('reviews').find({ visible: true }).limit(2).toArray()).map((r) => r.id as number);
    [ids.othersPublic, ids.held] = publicIds;
    // Held: two long-standing readers report it (weight 1 each at 30 days and more, threshold 2).
    for (const reader of ['oracle-reporter-1', 'oracle-reporter-2'])
      await request(h.api.url)
        .post(`/api/rating/${ids.held}/report`)
        .set(await h.auth(reader, ['user'], 400))
        .send({ content: 'Ce commentaire me semble injuste.' })
        .expect(201);
    expect((await h.conn.collection('reviews').findOne({ id: ids.held }))?.visible).toBe(false);
  });
  afterAll(() => h?.close());

  const routes: [
    string,
    (id: number, as: { Authorization: string }) => PromiseLike<{ status: number; body: unknown; headers: unknown }>,
  ][] = [
    ['GET /api/rating/:id', (id, as) => request(h.api.url).get(`/api/rating/${id}`).set(as)],
    ['PUT /api/rating/:id', (id, as) => request(h.api.url).put(`/api/rating/${id}`).set(as).send(reviewPayload(1, 1))],
    ['DELETE /api/rating/:id', (id, as) => request(h.api.url).delete(`/api/rating/${id}`).set(as)],
    ['POST /api/relatable/:id', (id, as) => request(h.api.url).post(`/api/relatable/${id}`).set(as).send({ value: true })],
    ['DELETE /api/relatable/:id', (id, as) => request(h.api.url).delete(`/api/relatable/${id}`).set(as)],
    ['POST /api/rating/:id/favorite', (id, as) => request(h.api.url).post(`/api/rating/${id}/favorite`).set(as).send({ value: true })],
    [
      'POST /api/rating/:id/report',
      (id, as) => request(h.api.url).post(`/api/rating/${id}/report`).set(as).send({ content: 'Hors sujet.' }),
    ],
  ];

  const differs = (a: Seen, b: Seen) => JSON.stringify(a) !== JSON.stringify(b);

  it('every id-addressed route answers a pending or held review of someone else as it answers a missing id', async () => {
    const prober = await h.auth('oracle-prober', ['user'], 400);
    const differences: string[] = [];
    for (const [name, route] of routes) {
      const missing = seen(await route(ids.missing, prober));
      for (const state of ['pending', 'held'] as const)
        if (differs(seen(await route(ids[state], prober)), missing)) differences.push(`${name}: ${state}`);
    }
    // The reviewed teacher, replying to a review about him that is not public yet.
    const teacher = await h.teacher(teacherOfPending);
    const reply = (id: number) => request(h.api.url).post(`/api/rating/${id}/reply`).set(teacher).send({ text: 'Merci pour ce retour.' });
    if (differs(seen(await reply(ids.pending)), seen(await reply(ids.missing)))) differences.push('POST /api/rating/:id/reply: pending');
    expect(differences).toEqual([]);
  });

  it("the author's own routes (read, edit, delete) answer someone else's public review as a missing id", async () => {
    const prober = await h.auth('oracle-public-prober');
    const differences: string[] = [];
    for (const [name, route] of routes.slice(0, 3))
      if (differs(seen(await route(ids.othersPublic, prober)), seen(await route(ids.missing, prober)))) differences.push(name);
    expect(differences).toEqual([]);
  });
});
