// Issue #38: changing the password while signed in, knowing the current one
// (POST /auth/manage/users/set_password/, djoser's): the other sessions end, this one goes on; a
// wrong current password is backed off like a sign-in; a new password needs 12 characters, while a
// password set under the old minimum of 8 still signs in.
import { MongoClient } from 'mongodb';
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, DEFAULT_LOGIN_THROTTLES, login, startAuth, TEST_ENV } from '../../testing/auth-test-kit';
import { PasswordHasher } from './password-hasher';

jest.setTimeout(60_000);

const NEW_PASSWORD = 'Nouveau-cahier-2026';

describe('POST /auth/manage/users/set_password/', () => {
  let auth: AuthUnderTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    auth = await startAuth(__filename, { ...DEFAULT_LOGIN_THROTTLES, THROTTLE_LOGIN_DELAY: '30s' });
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });

  const setPassword = (access: string, body: object) =>
    request(auth.url).post('/auth/manage/users/set_password/').set('Authorization', `Bearer ${access}`).send(body);
  const refresh = (token: string) => request(auth.url).post('/auth/token/refresh/').send({ refresh: token });

  it('changes the password with the current one: the other sessions end, this one goes on', async () => {
    const user = await createActiveUser(auth.url);
    const here = await login(auth.url, user.email, user.password);
    const elsewhere = await login(auth.url, user.email, user.password);
    await setPassword(here.access, { current_password: user.password, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD }).expect(
      204,
    );
    await refresh(elsewhere.refresh).expect(401);
    await refresh(here.refresh).expect(200);
    await request(auth.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(401);
    await login(auth.url, user.email, NEW_PASSWORD);
  });

  it('refuses a wrong current password (then backs off), a short or mismatched new one', async () => {
    const user = await createActiveUser(auth.url);
    const { access } = await login(auth.url, user.email, user.password);
    await setPassword(access, { current_password: user.password, new_password: 'Cahier-de-1', re_new_password: 'Cahier-de-1' }).expect(
      400,
      {
        new_password: ['This password is too short. It must contain at least 12 characters.'],
      },
    );
    await setPassword(access, { current_password: user.password, new_password: NEW_PASSWORD, re_new_password: `${NEW_PASSWORD}!` }).expect(
      400,
    );
    const wrong = { current_password: 'not-the-password-at-all', new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD };
    // Every try counts, as for a sign-in: the two above and this one are the 3 free ones.
    await setPassword(access, wrong).expect(400, { current_password: ['Invalid password.'] });
    await setPassword(access, wrong).expect(429);
    await setPassword(access, { ...wrong, current_password: user.password }).expect(429); // the delay holds, as for a sign-in
  });

  it('keeps a password set under the old minimum of 8 working', async () => {
    const user = await createActiveUser(auth.url);
    const hash = await new PasswordHasher({ logN: Number(TEST_ENV.PASSWORD_SCRYPT_LOG_N), r: 8, p: 1 }).hash('Vieux-mdp');
    await mongo
      .db(auth.config.MONGODB_DB)
      .collection('users')
      .updateOne({ email: user.email }, { $set: { password: hash } });
    await login(auth.url, user.email, 'Vieux-mdp');
  });

  it('needs a signed-in session', async () => {
    await request(auth.url).post('/auth/manage/users/set_password/').send({}).expect(401);
  });
});
