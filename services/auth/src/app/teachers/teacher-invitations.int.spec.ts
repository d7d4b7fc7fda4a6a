// Teachers' invitations (issue #18): the rating side's `teacher-invited` event becomes a mailed,
// single-use link in the chosen language; only the invited address's account may accept it, which
// links the account to the teacher record (the next access token carries `teacher_id`). The outcome
// of a teacher's objection is mailed to the linked account.
import { MODERATION_EVENTS_QUEUE, OBJECTION_DECIDED_JOB, TEACHER_INVITED_JOB } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { Queue } from 'bullmq';
import { decodeJwt } from 'jose';
import { type AuthUnderTest, createActiveUser, login, startAuth, waitForMail } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

describe('teacher invitations', () => {
  let auth: AuthUnderTest;
  let queue: Queue;
  let connection: ReturnType<typeof createQueueConnection>;

  beforeAll(async () => {
    auth = await startAuth(__filename);
    connection = createQueueConnection(auth.config.REDIS_URL);
    queue = new Queue(MODERATION_EVENTS_QUEUE, { connection, prefix: auth.config.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue?.close();
    // A connection given to BullMQ is the giver's to close (else jest never exits).
    connection?.disconnect();
    await auth?.dispose();
  });

  const invite = (email: string, teacherId: number, lang: 'fr' | 'es' | 'en' = 'fr') =>
    queue.add(TEACHER_INVITED_JOB, {
      teacher: { id: teacherId, prefix: 'Mme', name: 'Garcia' },
      email,
      lang,
      moderatorId: 'mod-1',
      invitedAt: new Date().toISOString(),
    });
  const tokenIn = (text: string) => /\/me\/teacher-invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('mails a link the invited account accepts once; the next token carries teacher_id', async () => {
    const teacher = await createActiveUser(auth.url, undefined, undefined, 'es');
    const other = await createActiveUser(auth.url);
    await invite(teacher.email, 41, 'es');
    const mail = await waitForMail(teacher.email, 2);
    expect(mail.subject).toBe('Pupitre: su derecho de respuesta y de oposición');
    const token = tokenIn(mail.text)!;
    expect(token).toBeDefined();
    const mine = await login(auth.url, teacher.email, teacher.password);
    const theirs = await login(auth.url, other.email, other.password);
    const accept = '/auth/teacher-invitations/accept';
    await request(auth.url).post(accept).send({ token }).expect(401);
    await request(auth.url).post(accept).set('Authorization', `Bearer ${mine.access}`).send({ token: 'short' }).expect(400);
    await request(auth.url)
      .post(accept)
      .set('Authorization', `Bearer ${mine.access}`)
      .send({ token: 'x'.repeat(32) })
      .expect(400, { error: 'invalid-invitation' });
    await request(auth.url)
      .post(accept)
      .set('Authorization', `Bearer ${theirs.access}`)
      .send({ token })
      .expect(403, { error: 'wrong-account', detail: 'sign in with the invited e-mail address' });
    await request(auth.url).post(accept).set('Authorization', `Bearer ${mine.access}`).send({ token }).expect(200, { teacher_id: 41 });
    await request(auth.url)
      .post(accept)
      .set('Authorization', `Bearer ${mine.access}`)
      .send({ token })
      .expect(400, { error: 'invalid-invitation' });
    const refreshed = (await request(auth.url).post('/auth/token/refresh/').send({ refresh: mine.refresh }).expect(200)).body;
    expect(decodeJwt(refreshed.access)).toMatchObject({ teacher_id: 41, roles: expect.arrayContaining(['teacher']) });

    // Another account cannot take the same teacher record.
    await invite(other.email, 41, 'en');
    const second = tokenIn((await waitForMail(other.email, 2)).text)!;
    await request(auth.url)
      .post(accept)
      .set('Authorization', `Bearer ${theirs.access}`)
      .send({ token: second })
      .expect(409, { error: 'teacher-already-linked' });

    // The outcome of the teacher's objection, in the account's language.
    await queue.add(OBJECTION_DECIDED_JOB, {
      teacherId: 41,
      userId: teacher.id,
      outcome: 'accepted',
      reason: 'objection-upheld',
      reasonText: null,
      eraseAfter: new Date(Date.now() + 86_400_000).toISOString(),
      decidedAt: new Date().toISOString(),
    });
    expect((await waitForMail(teacher.email, 3)).subject).toBe('Su oposición ha sido aceptada');
  });

  it('of accounts accepting invitations for one teacher at once, one is linked; erasing it frees the record', async () => {
    const teacherId = 57;
    const racers = await Promise.all([1, 2, 3].map(() => createActiveUser(auth.url)));
    const sessions = await Promise.all(racers.map((r) => login(auth.url, r.email, r.password)));
    const tokens: string[] = [];
    for (const racer of racers) {
      await invite(racer.email, teacherId);
      tokens.push(tokenIn((await waitForMail(racer.email, 2)).text)!);
    }
    const accept = '/auth/teacher-invitations/accept';
    const answers = await Promise.all(
      racers.map((_, i) => request(auth.url).post(accept).set('Authorization', `Bearer ${sessions[i].access}`).send({ token: tokens[i] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ error: 'teacher-already-linked' });

    // The linked account is erased: the teacher record may be linked to another account.
    await request(auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${sessions[winner].access}`)
      .send({ current_password: racers[winner].password })
      .expect(204);
    const next = (winner + 1) % racers.length;
    await invite(racers[next].email, teacherId);
    const again = tokenIn((await waitForMail(racers[next].email, 3)).text)!;
    await request(auth.url)
      .post(accept)
      .set('Authorization', `Bearer ${sessions[next].access}`)
      .send({ token: again })
      .expect(200, { teacher_id: teacherId });
  });
});
