// Tokens issued by the real auth app, verified by the real rating app (its guard fetches the JWKS
// from auth and verifies locally): a valid token is accepted; expired, tampered, alg none, wrong
// key and refresh-as-access are rejected with 401. Writes (in both services) with the access token
// of a session that ended — logout, re-used refresh token, password reset, deletion — are refused.
import { dropDatabase, request, startTestApp, type TestApp, testServiceConfig } from '@pupitre/server-kit/testing';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { ratingAppOptions } from '../../rating/src/app/app-options';
import { AppModule as RatingModule } from '../../rating/src/app/app.module';
import { ratingEnvSchema } from '../../rating/src/config/rating-config';
import { type AuthUnderTest, createActiveUser, linkParts, login, startAuth, waitForMail } from '../../auth/src/testing/auth-test-kit';

jest.setTimeout(90_000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('auth tokens verified by the rating service', () => {
  let auth: AuthUnderTest;
  let rating: TestApp;
  let ratingDb: string;
  let user: { id: string; email: string; password: string };
  let pair: { access: string; refresh: string };

  beforeAll(async () => {
    auth = await startAuth(__filename, { ACCESS_TOKEN_TTL: '1s' });
    const config = testServiceConfig(ratingEnvSchema, `${__filename}-rating`, {
      AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
      QUEUE_PREFIX: auth.config.QUEUE_PREFIX,
    });
    ratingDb = config.MONGODB_DB;
    rating = await startTestApp(RatingModule.forRoot(config), ratingAppOptions(config));
    user = await createActiveUser(auth.url);
    pair = await login(auth.url, user.email, user.password);
  });
  afterAll(async () => {
    await rating?.close();
    await auth?.dispose();
    if (ratingDb) await dropDatabase(process.env.MONGODB_URI ?? '', ratingDb);
  });

  const profile = (token: string) => request(rating.url).get('/auth/me').set('Authorization', `Bearer ${token}`);
  const rejected = async (token: string) => {
    const res = await profile(token).expect(401);
    expect(res.body).toMatchObject({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  };

  it('accepts a valid access token from a real login', async () => {
    const res = await profile(pair.access).expect(200);
    expect(res.body).toMatchObject({ num: 0 });
  });

  it('rejects a tampered token (roles raised)', async () => {
    const [h, , s] = pair.access.split('.');
    await rejected(`${h}.${b64({ ...decodeJwt(pair.access), roles: ['user', 'admin'] })}.${s}`);
  });

  it('rejects alg none', async () => {
    await rejected(`${b64({ alg: 'none', typ: 'JWT' })}.${pair.access.split('.')[1]}.`);
  });

  it('rejects a token signed by another key under the published kid', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = decodeProtectedHeader(pair.access);
    const claims = decodeJwt(pair.access);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256', kid: kid as string }).sign(privateKey);
    await rejected(forged);
  });

  it('rejects HS256 signed with the public key', async () => {
    const jwks = (await request(auth.url).get('/auth/.well-known/jwks.json')).body;
    const forged = await new SignJWT({ ...decodeJwt(pair.access) })
      .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0].kid })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    await rejected(forged);
  });

  it('rejects a refresh token used as an access token', async () => {
    await rejected(pair.refresh);
  });

  it('rejects an expired access token (beyond the verifier clock tolerance)', async () => {
    const fresh = await login(auth.url, user.email, user.password);
    await profile(fresh.access).expect(200);
    await new Promise((r) => setTimeout(r, 7000));
    await rejected(fresh.access);
  });
});

describe('writes with the access token of an ended session (both services)', () => {
  let auth: AuthUnderTest;
  let rating: TestApp;
  let ratingDb: string;

  beforeAll(async () => {
    auth = await startAuth(`${__filename}-sessions`);
    const config = testServiceConfig(ratingEnvSchema, `${__filename}-sessions-rating`, {
      AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
      QUEUE_PREFIX: auth.config.QUEUE_PREFIX,
    });
    ratingDb = config.MONGODB_DB;
    rating = await startTestApp(RatingModule.forRoot(config), ratingAppOptions(config));
  });
  afterAll(async () => {
    await rating?.close();
    await auth?.dispose();
    if (ratingDb) await dropDatabase(process.env.MONGODB_URI ?? '', ratingDb);
  });

  const REFUSED = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
  /** A rating write that answers 400 (empty review) to a live token, 401 to a dead one. */
  const ratingWrite = (access: string) => request(rating.url).post('/api/rating/0').set('Authorization', `Bearer ${access}`).send({});
  const ratingRead = (access: string) => request(rating.url).get('/auth/me').set('Authorization', `Bearer ${access}`);
  const expectRefused = async (access: string) => {
    const res = await ratingWrite(access).expect(401);
    expect(res.body).toMatchObject(REFUSED);
  };

  it('carries the session and the session version in access tokens', async () => {
    const user = await createActiveUser(auth.url);
    const { access } = await login(auth.url, user.email, user.password);
    expect(decodeJwt(access)).toMatchObject({ sid: expect.any(String), sv: 0 });
  });

  it("logout: that session's access tokens can no longer write (reads stay stateless); other sessions can", async () => {
    const user = await createActiveUser(auth.url);
    const session = await login(auth.url, user.email, user.password);
    const other = await login(auth.url, user.email, user.password);
    await ratingWrite(session.access).expect(400);
    await request(auth.url).post('/auth/logout').send({ refresh: session.refresh }).expect(200, {});
    await expectRefused(session.access);
    await ratingRead(session.access).expect(200);
    await ratingWrite(other.access).expect(400);
    // The auth service's own writes too.
    await request(auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${session.access}`)
      .send({ current_password: user.password })
      .expect(401, REFUSED);
  });

  it('a re-used refresh token: the access tokens of its session can no longer write', async () => {
    const user = await createActiveUser(auth.url);
    const first = await login(auth.url, user.email, user.password);
    const second = (await request(auth.url).post('/auth/token/refresh/').send({ refresh: first.refresh }).expect(200)).body;
    const third = (await request(auth.url).post('/auth/token/refresh/').send({ refresh: second.refresh }).expect(200)).body;
    await ratingWrite(third.access).expect(400);
    // `first` again once its holder has moved on (outside the rotation overlap): a theft.
    await request(auth.url).post('/auth/token/refresh/').send({ refresh: first.refresh }).expect(401);
    await expectRefused(third.access);
    await expectRefused(second.access);
    await expectRefused(first.access);
  });

  it('a password reset: every access token issued before can no longer write; new ones can', async () => {
    const user = await createActiveUser(auth.url);
    const before = await login(auth.url, user.email, user.password);
    await ratingWrite(before.access).expect(400);
    await request(auth.url).post('/auth/manage/users/reset_password/').send({ email: user.email }).expect(204);
    const { uid, token } = linkParts(await waitForMail(user.email, 2), 'password/reset/confirm');
    const fresh = 'Nouveau-cartable-2026';
    await request(auth.url)
      .post('/auth/manage/users/reset_password_confirm/')
      .send({ uid, token, new_password: fresh, re_new_password: fresh })
      .expect(204);
    await expectRefused(before.access);
    const after = await login(auth.url, user.email, fresh);
    expect(decodeJwt(after.access).sv).toBe(1);
    await ratingWrite(after.access).expect(400);
  });

  it('an account deletion: its access tokens can no longer write', async () => {
    const user = await createActiveUser(auth.url);
    const { access } = await login(auth.url, user.email, user.password);
    await request(auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${access}`)
      .send({ current_password: user.password })
      .expect(204);
    await expectRefused(access);
  });
});
