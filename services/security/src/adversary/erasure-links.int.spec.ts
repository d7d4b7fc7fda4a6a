// Adversary suite: the database operator (or anyone who reads a backup) after an account is erased.
// The account wrote a review with an Idempotency-Key (as the web client always sends), replied to a
// review as its linked teacher, objected to being listed, voted, favourited and reported; then it
// was erased. Every collection of both databases is scanned: neither the account's id nor any key
// derived from it (`<account>:<key>`) is left anywhere, so nothing ties its reviews, its reply or
// its objection to it, or to each other.
import { request } from '@pupitre/server-kit/testing';
import mongoose, { type Connection } from 'mongoose';
import { waitForMail } from '../../../auth/src/testing/auth-test-kit';
import { login } from '../../../auth/src/testing/auth-test-kit';
import { reviewPayload, teachersOf, waitFor } from '../../../rating/testing/rating-harness';
import { useWorld } from '../testing/world';

jest.setTimeout(120_000);

/** Every document of every collection of `conn`'s database that contains one of `needles`, as "collection: document". */
async function traces(conn: Connection, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await conn.db!.listCollections().toArray()) {
    for await (const doc of conn.db!.collection(name).find({})) {
      const text = JSON.stringify(doc);
      if (needles.some((n) => text.includes(n))) found.push(`${name}: ${text.slice(0, 300)}`);
    }
  }
  return found;
}

describe('an erased account leaves nothing that links', () => {
  const world = useWorld(__filename);

  it('after idempotency keys, a teacher reply, an objection, votes, favourites and reports: no trace in either database', async () => {
    const url = world().url;
    const [person, other, moderator] = await Promise.all([world().account(), world().account(), world().account('moderator')]);
    const teachers = await teachersOf(world().rating.conn);
    const [mine, theirs] = [teachers[9], teachers[10]];
    // A review with an Idempotency-Key, as the web client sends it.
    const key = 'web-client-attempt-0001';
    await request(url)
      .post('/api/rating/0')
      .set({ ...person.bearer, 'Idempotency-Key': key })
      .send(reviewPayload(mine.id, mine.subjectIds[0]))
      .expect(201);
    // Votes, a favourite and a report, on someone else's public review.
    const target = await world().publicReview(other, 11);
    await request(url).post(`/api/relatable/${target}`).set(person.bearer).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${target}/favorite`).set(person.bearer).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${target}/report`).set(person.bearer).send({ content: 'Hors sujet.' }).expect(201);
    // Linked to a teacher record: invited by a moderator, the mailed link accepted; then a reply and an objection.
    await request(url)
      .post(`/api/moderation/teachers/${theirs.id}/invite`)
      .set(moderator.bearer)
      .send({ email: person.email, lang: 'en' })
      .expect(200);
    const token = /\/me\/teacher-invitation\/([A-Za-z0-9_-]+)/.exec((await waitForMail(person.email, 2, 20_000)).text)![1];
    await request(url).post('/auth/teacher-invitations/accept').set(person.bearer).send({ token }).expect(200);
    const asTeacher = { Authorization: `Bearer ${(await login(url, person.email, person.password)).access}` };
    const about = await world().publicReview(other, 10);
    await request(url).post(`/api/rating/${about}/reply`).set(asTeacher).send({ text: 'Merci pour ce retour.' }).expect(201);
    await request(url)
      .post('/api/teacher-space/objection')
      .set(asTeacher)
      .send({ reasons: 'Je ne souhaite pas figurer sur ce site, merci.' })
      .expect(201);

    // Erased (the account's own request), and the rating side done with it.
    await request(url).delete('/auth/manage/users/me/').set(asTeacher).send({ current_password: person.password }).expect(204);
    await waitFor(
      async () =>
        !(await world()
          .rating.conn.collection('user_index')
          .findOne({ _id: person.id } as never)),
      30_000,
      'the rating side erased the account',
    );

    // And a key of any account expires a day after its create: the database removes it (a TTL index).
    const indexes = await world().rating.conn.collection('idempotency_keys').indexes();
    expect(indexes.find((i) => i.key.at === 1)).toMatchObject({ expireAfterSeconds: 24 * 3600 });

    const auth = await mongoose.createConnection(world().auth.config.MONGODB_URI, { dbName: world().auth.config.MONGODB_DB }).asPromise();
    try {
      const needles = [person.id, `${person.id}:`, person.email];
      expect({ rating: await traces(world().rating.conn, needles), auth: await traces(auth, needles) }).toEqual({ rating: [], auth: [] });
    } finally {
      await auth.close();
    }
  });
});
