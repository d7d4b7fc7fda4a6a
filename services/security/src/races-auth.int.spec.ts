// Races on the auth service (refresh tokens used up in Redis, ADR 0006; a unique e-mail; a link used up by a delete's count):
// concurrent refreshes of one refresh token, sign-ups of one e-mail, activations with one link.
// One winner each; the losers get the contract's 4xx; nothing is created or used twice.
import { request } from '@pupitre/server-kit/testing';
import mongoose from 'mongoose';
import { GOOD_PASSWORD, linkParts, uniqueEmail, waitForMail } from '../../auth/src/testing/auth-test-kit';
import { race, RACERS, tally } from './testing/concurrency';
import { useWorld } from './testing/world';

jest.setTimeout(60_000);

const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };
const signUp = (url: string, email: string) =>
  request(url).post('/auth/manage/users/').send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, lang: 'en' });

describe('races on the auth service', () => {
  const world = useWorld(__filename, { rating: false });

  it(`${RACERS} concurrent refreshes of one token: one winner and at most 5 in the rotation overlap, the rest 401 blacklisted; then the whole session is dead`, async () => {
    const { url } = world();
    const victim = await world().account();
    const answers = await race(() => request(url).post('/auth/token/refresh/').send({ refresh: victim.refresh }));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(1 + 5);
    expect(tally(answers)).toEqual({ 200: ok.length, 401: RACERS - ok.length });
    for (const a of answers.filter((r) => r.status === 401)) expect(a.body).toEqual(BLACKLISTED);
    for (const { body } of ok) {
      await request(url).post('/auth/token/refresh/').send({ refresh: body.refresh }).expect(401, BLACKLISTED);
      // A write with a winner's access token (the account deletion, without its password): refused, not read.
      await request(url).delete('/auth/manage/users/me/').set('Authorization', `Bearer ${body.access}`).send({}).expect(401);
    }
  });

  it(`${RACERS} concurrent sign-ups of one e-mail: one 201, the rest "already exists"; one account`, async () => {
    const { url, auth } = world();
    const email = uniqueEmail('race');
    const answers = await race(() => signUp(url, email));
    expect(tally(answers)).toEqual({ 201: 1, 400: RACERS - 1 });
    for (const a of answers.filter((r) => r.status === 400)) expect(a.body).toEqual({ email: ['user with this email already exists.'] });
    const conn = await mongoose.createConnection(auth.config.MONGODB_URI, { dbName: auth.config.MONGODB_DB }).asPromise();
    try {
      expect(await conn.collection('users').countDocuments({ email })).toBe(1);
    } finally {
      await conn.close();
    }
  });

  it(`${RACERS} concurrent activations with one link (4 links at once): one 204 each, the rest refused`, async () => {
    const { url } = world();
    const emails = [1, 2, 3, 4].map(() => uniqueEmail('race'));
    for (const email of emails) await signUp(url, email).expect(201);
    const links = await Promise.all(emails.map(async (email) => linkParts(await waitForMail(email), 'activate')));
    const answers = await Promise.all(
      links.map(({ uid, token }) => race(() => request(url).post('/auth/manage/users/activation/').send({ uid, token }))),
    );
    for (const a of answers) {
      const { 204: won, ...lost } = tally(a);
      expect(won).toBe(1);
      expect(Object.keys(lost).every((status) => status === '400' || status === '403')).toBe(true);
    }
  });
});
