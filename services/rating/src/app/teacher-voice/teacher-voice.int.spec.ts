// Teachers' right of reply and objection (issue #18, item 3), on the rating side: a linked teacher
// (the `teacher` role and its `teacher_id`, given by the auth service once an invitation is
// accepted) replies to a review about him — pending, then public after the automatic checks, or
// held for a moderator —, objects to being listed, and a moderator's acceptance takes his page,
// reviews and ranking entry out of every public answer until the retention period is over, when
// the `erase-delisted` job erases them. Moderators invite teachers (the address goes to auth in a job).
import { MODERATION_EVENTS_QUEUE, OBJECTION_DECIDED_JOB, TEACHER_INVITED_JOB, type TeacherSpace } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { Queue } from 'bullmq';
import { type Harness, reviewPayload, startHarness, teachersOf, waitFor, waitShown } from '../../../testing/rating-harness';
import { DelistedErasureService } from '../../worker/erasure/delisted-erasure.service';

jest.setTimeout(90_000);

type Blocks = { reviews: { id: number; teacher: { id: number }; reply?: { text: string } }[] }[];

describe("teachers' reply and objection", () => {
  let h: Harness;
  let url: string;
  let moderator: { Authorization: string };
  let teachers: { id: number; name: string; subjectIds: number[] }[];
  let n = 0;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true, api: { DELISTED_RETENTION: '1500ms' } });
    url = h.api.url;
    moderator = await h.auth('voice-moderator', ['user', 'moderator']);
    teachers = await teachersOf(h.conn);
  });
  afterAll(() => h?.close());

  /** A new public review of teacher `t`. */
  async function publicReview(t: { id: number; subjectIds: number[] }): Promise<number> {
    n += 1;
    const { body } = await request(url)
      .post('/api/rating/0')
      .set(await h.auth(`voice-author-${n}`))
      .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: `A fair review number ${n}` }))
      .expect(201);
    await waitShown(h, body.id);
    return body.id;
  }
  const community = async (): Promise<Blocks> => (await request(url).get('/api/rating/community?limit=50').expect(200)).body.slice(0, -1);
  const shownReply = async (id: number) => (await community()).flatMap((b) => b.reviews).find((r) => r.id === id && r.reply)?.reply;
  const queued = async () =>
    (await request(h.api.url).get('/api/moderation/queue').set(moderator).expect(200)).body as { id: number; reply?: { status: string } }[];

  it('a linked teacher replies once; the reply is public after the automatic checks and in his space', async () => {
    const t = teachers[0];
    const other = teachers[1];
    const id = await publicReview(t);
    const teacher = await h.teacher(t.id, 'voice-teacher-0');
    await request(url)
      .post(`/api/rating/${id}/reply`)
      .set(await h.auth('voice-not-teacher'))
      .send({ text: 'Bonjour' })
      .expect(403, { error: 'forbidden', detail: 'only the account linked to a teacher may do this' });
    await request(url)
      .post(`/api/rating/${id}/reply`)
      .set(teacher)
      .send({ text: 'Merci <b>' })
      .expect(400, { error: 'reply-forbidden-characters' });
    await request(url).post(`/api/rating/${id}/reply`).set(teacher).send({ text: '', extra: 1 }).expect(400);
    await request(url).post('/api/rating/999999/reply').set(teacher).send({ text: 'Bonjour' }).expect(404, { error: 'not-found' });
    await request(url)
      .post(`/api/rating/${id}/reply`)
      .set(await h.teacher(other.id))
      .send({ text: 'Bonjour' })
      .expect(403, { error: 'not-your-review' });
    const created = (
      await request(url)
        .post(`/api/rating/${id}/reply`)
        .set(teacher)
        .send({ text: 'Merci pour votre avis, je prends note des remarques.' })
        .expect(201)
    ).body;
    expect(created).toMatchObject({ id, reply: { status: 'pending', reason: null } });
    await request(url).post(`/api/rating/${id}/reply`).set(teacher).send({ text: 'Encore' }).expect(409, { error: 'already-replied' });
    expect(await shownReply(id)).toBeUndefined();
    const reply = await waitFor(() => shownReply(id), 15_000, 'reply public');
    expect(reply).toEqual({
      text: 'Merci pour votre avis, je prends note des remarques.',
      created_at: expect.stringMatching(/-01T00:00:00.000Z$/), // dated to the month, like the review
    });
    const teacherPage = (await request(url).get(`/api/teacher/${t.id}/reviews`).expect(200)).body.slice(0, -1) as Blocks;
    expect(teacherPage.flatMap((b) => b.reviews).find((r) => r.id === id)?.reply).toEqual(reply);
    const space = (await request(url).get('/api/teacher-space').set(teacher).expect(200)).body;
    expect(space).toMatchObject({ teacher: { id: t.id }, listed: true, objection: null });
    expect(space.reviews.find((r: { id: number }) => r.id === id).reply).toMatchObject({ status: 'published' });
    await request(url)
      .get('/api/teacher-space')
      .set(await h.auth('voice-plain'))
      .expect(403);
  });

  it('a threatening reply is held for the moderators, who reject or approve it', async () => {
    const t = teachers[2];
    const id = await publicReview(t);
    const teacher = await h.teacher(t.id);
    await request(url).post(`/api/moderation/reviews/${id}/reply/approve`).set(moderator).expect(404, { error: 'not-found' });
    await request(url).post(`/api/rating/${id}/reply`).set(teacher).send({ text: 'I will kill you' }).expect(201);
    await waitFor(async () => (await queued()).find((q) => q.id === id && q.reply?.status === 'held'), 15_000, 'held reply queued');
    const rejected = (
      await request(url)
        .post(`/api/moderation/reviews/${id}/reply/reject`)
        .set(moderator)
        .send({ reason: 'other', text: 'Aimed at a pupil.' })
        .expect(200)
    ).body;
    expect(rejected).toMatchObject({ id, reply: { status: 'rejected', reason: 'other', reason_text: 'Aimed at a pupil.' } });
    // The teacher reads why, in the moderator's words.
    const ownView = async () =>
      ((await request(url).get('/api/teacher-space').set(teacher).expect(200)).body as TeacherSpace).reviews.find((r) => r.id === id)
        ?.reply;
    expect(
      await waitFor(async () => ((await ownView())?.status === 'rejected' ? ownView() : undefined), 5000, 'rejection seen'),
    ).toMatchObject({
      status: 'rejected',
      reason: 'other',
      reason_text: 'Aimed at a pupil.',
    });
    await request(url).post(`/api/moderation/reviews/${id}/reply/reject`).set(moderator).send({ reason: 'threat' }).expect(409);
    expect((await queued()).find((q) => q.id === id)).toBeUndefined();
    await request(url).post(`/api/moderation/reviews/${id}/reply/approve`).set(moderator).send({}).expect(200);
    expect(await waitFor(() => shownReply(id), 5000, 'approved reply public')).toMatchObject({ text: 'I will kill you' });
    await request(url)
      .post(`/api/moderation/reviews/${id}/reply/approve`)
      .set(await h.auth('voice-no-mod'))
      .expect(403);
  });

  it('an accepted objection delists the teacher everywhere; the erasure job removes him after the retention period', async () => {
    const ranking = (await request(url).get('/api/teachers/ranking').expect(200)).body as { id: number }[];
    const t = teachers.find((x) => ranking.some((r) => r.id === x.id))!;
    const id = await publicReview(t);
    const teacher = await h.teacher(t.id, 'voice-objector');
    await request(url).post('/api/teacher-space/objection').set(teacher).send({ reasons: 'short' }).expect(400);
    const objection = (
      await request(url)
        .post('/api/teacher-space/objection')
        .set(teacher)
        .send({ reasons: 'I do not want to be rated on this site.' })
        .expect(201)
    ).body;
    expect(objection).toMatchObject({ teacher: { id: t.id }, state: 'open', decided_at: null });
    await request(url).post('/api/teacher-space/objection').set(teacher).send({ reasons: 'Once more, please remove me.' }).expect(409);
    const open = (await request(url).get('/api/moderation/objections').set(moderator).expect(200)).body;
    expect(open).toEqual(
      expect.arrayContaining([expect.objectContaining({ teacher: expect.objectContaining({ id: t.id }), reasons: objection.reasons })]),
    );
    await request(url).post('/api/moderation/objections/999999/accept').set(moderator).send({ reason: 'objection-upheld' }).expect(404);
    await request(url).post(`/api/moderation/objections/${t.id}/accept`).set(moderator).send({ reason: 'public-interest' }).expect(400);
    const accepted = (
      await request(url).post(`/api/moderation/objections/${t.id}/accept`).set(moderator).send({ reason: 'objection-upheld' }).expect(200)
    ).body;
    expect(accepted).toMatchObject({ state: 'accepted', reason: 'objection-upheld', erase_after: expect.any(String) });
    await request(url).post(`/api/moderation/objections/${t.id}/refuse`).set(moderator).send({ reason: 'public-interest' }).expect(409);

    await request(url).get(`/api/teacher/${t.id}`).expect(404, { error: 'not-found' });
    await request(url).get(`/api/teacher/${t.id}/reviews`).expect(404, { error: 'not-found' });
    expect(((await request(url).get('/api/teachers/ranking').expect(200)).body as { id: number }[]).map((r) => r.id)).not.toContain(t.id);
    const found = (
      await request(url)
        .get(`/api/teachers?query=${encodeURIComponent(t.name)}`)
        .expect(200)
    ).body as { id: number }[];
    expect(found.map((r) => r.id)).not.toContain(t.id);
    expect((await community()).flatMap((b) => b.reviews).filter((r) => r.teacher.id === t.id)).toEqual([]);
    // Its reviews are not found by id either: no vote, favourite or report answers about them.
    const reader = await h.auth('voice-reader');
    await request(url).post(`/api/relatable/${id}`).set(reader).send({ value: true }).expect(404, { error: 'not-found' });
    await request(url).post(`/api/rating/${id}/favorite`).set(reader).send({ value: true }).expect(404, { error: 'not-found' });
    await request(url).post(`/api/rating/${id}/report`).set(reader).send({ content: 'Not about teaching at all' }).expect(404);
    expect((await request(url).get('/api/teacher-space').set(teacher).expect(200)).body).toMatchObject({
      listed: false,
      objection: { state: 'accepted' },
    });

    const connection = createQueueConnection(h.apiConfig.REDIS_URL);
    const queue = new Queue(MODERATION_EVENTS_QUEUE, { connection, prefix: h.apiConfig.QUEUE_PREFIX });
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'completed', 'failed']);
      expect(jobs.find((j) => j.name === OBJECTION_DECIDED_JOB)?.data).toMatchObject({
        teacherId: t.id,
        userId: 'voice-objector',
        outcome: 'accepted',
      });
    } finally {
      await queue.close();
      connection.disconnect();
    }

    const erasure = h.worker!.app.get(DelistedErasureService);
    await waitFor(
      async () => (await erasure.eraseDue()).teachers > 0 || !(await h.conn.collection('teachers').findOne({ id: t.id })),
      10_000,
      'erased',
    );
    expect(await h.conn.collection('teachers').findOne({ id: t.id })).toBeNull();
    expect(await h.conn.collection('reviews').findOne({ id })).toBeNull();
    expect(await h.conn.collection('reviews').countDocuments({ teacherId: t.id })).toBe(0);
  });

  it('a refused objection keeps the teacher listed', async () => {
    const t = teachers[4];
    const teacher = await h.teacher(t.id);
    await request(url).post('/api/teacher-space/objection').set(teacher).send({ reasons: 'Please take my page down now.' }).expect(201);
    const refused = (
      await request(url)
        .post(`/api/moderation/objections/${t.id}/refuse`)
        .set(moderator)
        .send({ reason: 'other', text: 'Not enough grounds' })
        .expect(200)
    ).body;
    expect(refused).toMatchObject({ state: 'refused', reason: 'other', reason_text: 'Not enough grounds', erase_after: null });
    await request(url).get(`/api/teacher/${t.id}`).expect(200);
  });

  it('moderators invite a teacher: the address goes to the auth service in a job, never to the database', async () => {
    const t = teachers[5];
    await request(url).post(`/api/moderation/teachers/${t.id}/invite`).set(moderator).send({ email: 'not-an-address' }).expect(400);
    await request(url).post('/api/moderation/teachers/999999/invite').set(moderator).send({ email: 'prof@example.org' }).expect(404);
    const res = (
      await request(url)
        .post(`/api/moderation/teachers/${t.id}/invite`)
        .set(moderator)
        .send({ email: 'Prof@Example.org', lang: 'es' })
        .expect(200)
    ).body;
    expect(res).toEqual({ teacher_id: t.id, valid_days: 7 });
    const connection = createQueueConnection(h.apiConfig.REDIS_URL);
    const queue = new Queue(MODERATION_EVENTS_QUEUE, { connection, prefix: h.apiConfig.QUEUE_PREFIX });
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed']);
      expect(jobs.find((j) => j.name === TEACHER_INVITED_JOB)?.data).toMatchObject({
        email: 'prof@example.org',
        lang: 'es',
        teacher: { id: t.id },
      });
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const everything = JSON.stringify(
      await Promise.all(['moderation_actions', 'outbox', 'teachers'].map((c) => h.conn.collection(c).find({}).toArray())),
    );
    expect(everything).not.toContain('prof@example.org');
  });
});
