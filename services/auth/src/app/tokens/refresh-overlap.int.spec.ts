// The rotation overlap (ADR 0013): a refresh whose answer never arrived (a page left mid-refresh)
// must not end the session, and a stolen copy of a rotated token still must once its holder has
// moved on, after the window, or past the count. Each case against the real database and Redis.
import { MongoClient } from 'mongodb';
import { decodeJwt } from 'jose';
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, login, startAuth } from '../../testing/auth-test-kit';

jest.setTimeout(90_000);

const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };

describe('rotation overlap', () => {
  let auth: AuthUnderTest;
  let short: AuthUnderTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    auth = await startAuth(__filename);
    short = await startAuth(__filename, { REFRESH_REUSE_GRACE: '1s' });
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await short?.dispose();
    await auth?.dispose();
  });

  const refreshWith = (url: string, refresh: string) => request(url).post('/auth/token/refresh/').send({ refresh });
  const signIn = async (url: string) => {
    const user = await createActiveUser(url);
    return login(url, user.email, user.password);
  };

  it('a lost answer: the token just rotated is presented again and gets a working pair; the session lives', async () => {
    const first = await signIn(auth.url);
    await refreshWith(auth.url, first.refresh).expect(200); // the answer the left page never stored
    const again = (await refreshWith(auth.url, first.refresh).expect(200)).body;
    const next = (await refreshWith(auth.url, again.refresh).expect(200)).body;
    await request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${next.access}`).expect(200);
    // Same session: the overlap's pair descends from the token presented.
    const record = await mongo
      .db(auth.config.MONGODB_DB)
      .collection('refresh_tokens')
      .findOne({ _id: decodeJwt(again.refresh).jti as never });
    expect(record).toMatchObject({ family: decodeJwt(first.access).sid, parent: decodeJwt(first.refresh).jti, status: 'rotated' });
  });

  it('a copy presented after its holder used the next token is a theft: the whole session ends', async () => {
    const first = await signIn(auth.url);
    const second = (await refreshWith(auth.url, first.refresh).expect(200)).body;
    const third = (await refreshWith(auth.url, second.refresh).expect(200)).body;
    await refreshWith(auth.url, first.refresh).expect(401, BLACKLISTED);
    await refreshWith(auth.url, third.refresh).expect(401, BLACKLISTED);
  });

  it('two pairs from one token within the window (the trade ADR 0013 documents) stay one session: a re-use on either branch ends both', async () => {
    const first = await signIn(auth.url);
    const holder = (await refreshWith(auth.url, first.refresh).expect(200)).body;
    const copy = (await refreshWith(auth.url, first.refresh).expect(200)).body;
    const holderNext = (await refreshWith(auth.url, holder.refresh).expect(200)).body;
    const copyNext = (await refreshWith(auth.url, copy.refresh).expect(200)).body;
    // `first` again: both its successors are used, so this is a copy, whoever holds it.
    await refreshWith(auth.url, first.refresh).expect(401, BLACKLISTED);
    await refreshWith(auth.url, holderNext.refresh).expect(401, BLACKLISTED);
    await refreshWith(auth.url, copyNext.refresh).expect(401, BLACKLISTED);
  });

  it('at most 5 presentations in the window: the 6th ends the session, every pair it gave included', async () => {
    const first = await signIn(auth.url);
    const pairs = [(await refreshWith(auth.url, first.refresh).expect(200)).body];
    for (let i = 0; i < 5; i++) pairs.push((await refreshWith(auth.url, first.refresh).expect(200)).body);
    await refreshWith(auth.url, first.refresh).expect(401, BLACKLISTED);
    for (const pair of pairs) await refreshWith(auth.url, pair.refresh).expect(401, BLACKLISTED);
  });

  it('after the window (REFRESH_REUSE_GRACE=1s) a rotated token is a re-use again', async () => {
    const first = await signIn(short.url);
    const second = (await refreshWith(short.url, first.refresh).expect(200)).body;
    await new Promise((r) => setTimeout(r, 1_300));
    await refreshWith(short.url, first.refresh).expect(401, BLACKLISTED);
    await refreshWith(short.url, second.refresh).expect(401, BLACKLISTED);
  });

  it('a logout with the token just rotated still ends the session', async () => {
    const first = await signIn(auth.url);
    const second = (await refreshWith(auth.url, first.refresh).expect(200)).body;
    await request(auth.url).post('/auth/logout').send({ refresh: first.refresh }).expect(400, { error: 'Token is blacklisted' });
    await refreshWith(auth.url, second.refresh).expect(401, BLACKLISTED);
  });
});
