// The moderator role (granted and revoked with auth's admin CLI): moderators use every moderation
// endpoint as admins do, never the catalogue administration; a revoked moderator's old token cannot
// write (the auth service bumps the session version: ADR 0006), the next one lacks the role.
import { sessionVersionKey } from '@pupitre/contracts';
import { createCommandConnection } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('the moderator role', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
  });
  afterAll(() => h?.close());

  it('moderates (queue, reject, history, restore, the edit view) but does not administer the catalogue', async () => {
    const moderator = await h.auth('mod-1', ['user', 'moderator']);
    const t = (await teachersOf(h.conn))[3];
    const author = await h.auth('mod-author');
    const { id } = (
      await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: 'I will kill him' }))
        .expect(201)
    ).body;
    await waitShown(h, id, 'held');
    expect((await request(h.api.url).get('/api/moderation/queue').set(moderator).expect(200)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id })]),
    );
    expect((await request(h.api.url).get(`/api/rating/${id}`).set(moderator).expect(200)).body).toMatchObject({
      id,
      is_creator: false,
      status: 'held',
    });
    await request(h.api.url).post(`/api/moderation/reviews/${id}/reject`).set(moderator).send({ reason: 'threat' }).expect(200);
    await request(h.api.url).post(`/api/moderation/reviews/${id}/restore`).set(moderator).expect(200);
    const history = (await request(h.api.url).get(`/api/moderation/reviews/${id}/actions`).set(moderator).expect(200)).body;
    expect(history.map((a: { action: string; moderatorId: string }) => [a.action, a.moderatorId])).toEqual([
      ['reject', 'mod-1'],
      ['restore', 'mod-1'],
    ]);
    const denied = { detail: 'You do not have permission to perform this action.' };
    await request(h.api.url).get('/api/admin/teachers').set(moderator).expect(403, denied);
    await request(h.api.url).post('/api/admin/subjects').set(moderator).send({ name: 'Moderated', color: '#123456' }).expect(403, denied);
    await request(h.api.url)
      .get('/api/moderation/queue')
      .set(await h.auth('just-a-user'))
      .expect(403, denied);
    await request(h.api.url)
      .get('/api/moderation/queue')
      .set(await h.auth('a-teacher', ['user', 'teacher']))
      .expect(403, denied);
  });

  it('a revoked moderator (session version bumped by auth) can no longer act with the old token', async () => {
    const moderator = await h.auth('mod-revoked', ['user', 'moderator']);
    const target = await h.conn.collection('reviews').findOne({ visible: true, demo: true });
    await request(h.api.url)
      .post(`/api/rating/${target!.id}/report`)
      .set(await h.auth(undefined, ['user'], 365))
      .send({ content: 'Please look' })
      .expect(201);
    const redis = createCommandConnection(h.apiConfig.REDIS_URL);
    try {
      await redis.incr(sessionVersionKey('mod-revoked'));
    } finally {
      redis.disconnect();
    }
    await request(h.api.url).post(`/api/moderation/reviews/${target!.id}/approve`).set(moderator).expect(401);
    expect(await h.conn.collection('reviews').findOne({ id: target!.id })).toMatchObject({ reportCount: 1 });
  });
});
