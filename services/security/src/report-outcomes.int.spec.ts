// Reporters learn the outcome of their reports: on their account page (`/auth/me/reports`) always,
// and by e-mail in their language when they asked (`notify: true`), once the moderator decides with
// a reason from the list and words of their own. The rating side has no e-mail address: it sends a
// `report-decided` event (at least once, through its outbox) and the auth service mails each
// reporter once. Real auth, rating API and worker behind the gateway, the mail catcher.
import { MODERATION_EVENTS_QUEUE, reportDecidedJobId } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { Queue } from 'bullmq';
import mongoose from 'mongoose';
import { createActiveUser, login, mailsTo, uniqueEmail, waitForMail } from '../../auth/src/testing/auth-test-kit';
import { type Account, useWorld } from './testing/world';

jest.setTimeout(90_000);

describe('the outcome of reports, on the account page and by e-mail', () => {
  const world = useWorld(__filename);
  let moderator: Account;

  beforeAll(async () => {
    moderator = await world().account('moderator');
  });

  /** An active, signed-in account whose e-mails are in `lang`. */
  async function person(lang: 'fr' | 'es' | 'en'): Promise<Account> {
    const { id, email, password } = await createActiveUser(world().url, uniqueEmail(`reporter-${lang}`), undefined, lang);
    const { access, refresh } = await login(world().url, email, password);
    return { id, email, password, access, refresh, bearer: { Authorization: `Bearer ${access}` } };
  }
  const report = (id: number, who: Account, body: object) =>
    request(world().url).post(`/api/rating/${id}/report`).set(who.bearer).send(body);
  const myReports = async (who: Account) => (await request(world().url).get('/auth/me/reports').set(who.bearer).expect(200)).body;

  it('a removal: the reporters who asked get a mail in their language with the reason and the words; the others only see it on their page', async () => {
    const author = await world().account();
    const id = await world().publicReview(author);
    const [fr, es, quiet] = await Promise.all([person('fr'), person('es'), person('en')]);
    await report(id, fr, { content: 'Hors sujet', notify: true }).expect(201);
    await report(id, es, { content: 'No habla de clases', notify: true }).expect(201);
    await report(id, quiet, { content: 'Not about lessons' }).expect(201);
    expect((await myReports(fr))[0]).toMatchObject({ review_id: id, outcome: 'open', notify: true });

    await request(world().url).post(`/api/moderation/reviews/${id}/reject`).set(moderator.bearer).send({ reason: 'spam' }).expect(400);
    await request(world().url).post(`/api/moderation/reviews/${id}/reject`).set(moderator.bearer).send({ reason: 'other' }).expect(400);
    await request(world().url)
      .post(`/api/moderation/reviews/${id}/reject`)
      .set(moderator.bearer)
      .send({ reason: 'off-topic', text: 'It speaks of the canteen, not of the lessons.' })
      .expect(200);

    const frMail = await waitForMail(fr.email, 2); // after the activation mail
    expect(frMail.subject).toBe('Votre signalement : l’avis a été retiré');
    expect(frMail.text).toContain('Motif : hors sujet.');
    expect(frMail.text).toContain('It speaks of the canteen, not of the lessons.');
    expect(frMail.text).toContain('/me/reports');
    const esMail = await waitForMail(es.email, 2);
    expect(esMail.subject).toBe('Tu denuncia: la reseña ha sido retirada');
    expect(esMail.text).toContain('Motivo: fuera de tema.');
    for (const mail of [frMail, esMail]) {
      expect(mail.text).not.toContain(author.email);
      expect(mail.text).not.toContain(author.id);
    }
    for (const who of [fr, es, quiet]) {
      expect((await myReports(who))[0]).toMatchObject({
        review_id: id,
        outcome: 'removed',
        reason: 'off-topic',
        reason_text: 'It speaks of the canteen, not of the lessons.',
        decided_at: expect.any(String),
      });
    }
    expect((await request(world().url).get('/auth/me/reviews').set(author.bearer).expect(200)).body[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'off-topic',
      reason_text: 'It speaks of the canteen, not of the lessons.',
    });
    expect((await request(world().url).get(`/api/rating/${id}`).set(author.bearer).expect(200)).body).toMatchObject({
      status: 'rejected',
      reason: 'off-topic',
      reason_text: expect.any(String),
    });
    const history = (await request(world().url).get(`/api/moderation/reviews/${id}/actions`).set(moderator.bearer).expect(200)).body;
    expect(history).toEqual([
      expect.objectContaining({
        target: 'review',
        reviewId: id,
        action: 'reject',
        reason: 'off-topic',
        text: expect.any(String),
        moderatorId: moderator.id,
      }),
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo(quiet.email)).toHaveLength(1); // the activation mail only
  });

  it('a review kept: the reporter is told so; an event delivered again (the outbox relayed by the worker) sends nothing more, and a lost notice is sent again', async () => {
    const author = await world().account();
    const id = await world().publicReview(author);
    const reporter = await person('en');
    await report(id, reporter, { content: 'Unfair', notify: true }).expect(201);
    await request(world().url)
      .post(`/api/moderation/reviews/${id}/approve`)
      .set(moderator.bearer)
      .send({ note: 'no-breach', text: 'Criticism of teaching is allowed.' })
      .expect(200);
    const mail = await waitForMail(reporter.email, 2);
    expect(mail.subject).toBe('Your report: the review was kept');
    expect(mail.text).toContain('Reason: no rule is broken.');
    expect(mail.text).toContain('Criticism of teaching is allowed.');

    // The outbox holds the decision until the worker's relay clears it (issue #40: only the relay
    // does): dated past the grace, the worker relays it; auth has told this reporter already and
    // sends nothing.
    const rating = world().rating.conn;
    await rating
      .collection('outbox')
      .replaceOne(
        { _id: `review:${id}` } as never,
        { kind: 'review', ref: id, at: new Date(Date.now() - 60_000), token: 'older' } as never,
        { upsert: true },
      );
    await waitForGone(() => rating.collection('outbox').findOne({ _id: `review:${id}` } as never));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo(reporter.email)).toHaveLength(2);

    // Had the notice not gone out (auth crashed before recording it), the relay sends it.
    const auth = await mongoose.createConnection(world().auth.config.MONGODB_URI, { dbName: world().auth.config.MONGODB_DB }).asPromise();
    try {
      await auth.collection('notices').deleteOne({ _id: `report:${id}:${reporter.id}` } as never);
      // BullMQ still knows the completed job of that id and would not queue it again: it is
      // forgotten first, as its retention (removeOnComplete) eventually does.
      const connection = createQueueConnection(world().auth.config.REDIS_URL);
      const queue = new Queue(MODERATION_EVENTS_QUEUE, { connection, prefix: world().auth.config.QUEUE_PREFIX });
      await queue.remove(reportDecidedJobId(id, reporter.id));
      await queue.close();
      connection.disconnect(); // a connection given to BullMQ is not closed by it
      await rating
        .collection('outbox')
        .insertOne({ _id: `review:${id}`, kind: 'review', ref: id, at: new Date(Date.now() - 60_000) } as never);
      await waitForMail(reporter.email, 3);
    } finally {
      await auth.close();
    }
  });

  it('the legacy body {reason} still works, and restore needs no reason', async () => {
    const author = await world().account();
    const id = await world().publicReview(author);
    await request(world().url).post(`/api/moderation/reviews/${id}/reject`).set(moderator.bearer).send({ reason: 'moderator' }).expect(200);
    await request(world().url).post(`/api/moderation/reviews/${id}/restore`).set(moderator.bearer).expect(200);
    expect((await request(world().url).get('/auth/me/reviews').set(author.bearer).expect(200)).body[0]).toMatchObject({
      id,
      status: 'published',
    });
  });
});

async function waitForGone(probe: () => Promise<unknown>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (await probe()) {
    if (Date.now() > deadline) throw new Error('still there');
    await new Promise((r) => setTimeout(r, 100));
  }
}
