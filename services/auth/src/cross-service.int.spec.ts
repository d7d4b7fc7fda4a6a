// Tokens issued by the real auth app, verified by the real rating app (its guard fetches the JWKS
// from auth and verifies locally): a valid token is accepted; expired, tampered, alg none, wrong
// key and refresh-as-access are rejected with 401.
import { dropDatabase, request, startTestApp, type TestApp, testServiceConfig } from '@pupitre/server-kit/testing';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { ratingAppOptions } from '../../rating/src/app/app-options';
import { AppModule as RatingModule } from '../../rating/src/app/app.module';
import { ratingEnvSchema } from '../../rating/src/config/rating-config';
import { type AuthUnderTest, createActiveUser, login, startAuth } from './testing/auth-test-kit';

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
    const config = testServiceConfig(ratingEnvSchema, `${__filename}-rating`, { AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`, QUEUE_PREFIX: auth.config.QUEUE_PREFIX });
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
    const forged = await new SignJWT({ ...decodeJwt(pair.access) }).setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0].kid }).sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
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
