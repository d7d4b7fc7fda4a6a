// Google sign-in end to end: the real passport-google-oauth20 strategy against a local OAuth2
// provider (oauth2-mock-server), for a new e-mail, an activated one and a never-activated one (the
// pre-hijack); PKCE; state and one-time code attacks, the code bound to the browser that started.
import { createHash } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { request } from '@pupitre/server-kit/testing';
import { type Response } from 'supertest';
import {
  type AuthUnderTest,
  createActiveUser,
  GOOD_PASSWORD,
  linkParts,
  login,
  startAuth,
  uniqueEmail,
  waitForMail,
} from '../../testing/auth-test-kit';
import { TokenService } from '../tokens/token.service';
import { enrolSecondFactor, STEP_MS, totpAt } from '../../testing/second-factor-kit';
import { decodeJwt } from 'jose';
import { type GoogleProfile, type LocalProvider, startLocalProvider } from '../../testing/google-provider';

jest.setTimeout(60_000);

const FRONT = 'http://localhost:8080';

describe('Google sign-in', () => {
  let provider: LocalProvider;
  let auth: AuthUnderTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    provider = await startLocalProvider();
    auth = await startAuth(__filename, provider.env);
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
    await provider?.stop();
  });

  /** Browser steps up to the front end's landing URL; `tamper` may alter the callback request. */
  async function signIn(
    profile: GoogleProfile,
    tamper: { dropCookie?: boolean } = {},
  ): Promise<{ landing: string; callbackUrl: string; cookie: string }> {
    await provider.setProfile(profile);
    const start = await request(auth.url).get('/auth/oauth2/get-redirect').expect(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/authorize`);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    expect(authorize.searchParams.get('client_id')).toBe('pupitre-test-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${FRONT}/auth/oauth2/callback`);
    const cookie = cookiesOf(start);
    expect(cookie).toMatch(/(^|; )pupitre_oauth_state=/);
    expect(cookie).toMatch(/(^|; )pupitre_oauth_browser=/);
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/i);

    const approved = await fetch(authorize, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location') as string);
    // The browser would reach the callback through the gateway; here straight at the app.
    const callbackUrl = `${callback.pathname}${callback.search}`;
    const req = request(auth.url).get(callbackUrl);
    if (!tamper.dropCookie) req.set('Cookie', cookie);
    const res = await req.expect(302);
    return { landing: res.headers.location, callbackUrl, cookie };
  }

  /** The cookies the browser keeps from a response (name=value pairs). */
  const cookiesOf = (res: Response) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
  /** POST /auth/oauth2/exchange as the landing page does, with the browser's cookies. */
  const exchange = (code: unknown, cookie?: string) => {
    const req = request(auth.url).post('/auth/oauth2/exchange');
    if (cookie) req.set('Cookie', cookie);
    return req.send({ code });
  };

  const codeOf = (landing: string) => {
    const url = new URL(landing);
    expect(`${url.origin}${url.pathname}`).toBe(`${FRONT}/google/login`);
    expect([...url.searchParams.keys()]).toEqual(['code']);
    return url.searchParams.get('code') as string;
  };

  it('a new e-mail: creates an active account linked to the Google subject; the one-time code gives a session once', async () => {
    const email = uniqueEmail('google.new');
    const { landing, cookie } = await signIn({ sub: 'g-new-1', email, email_verified: true, name: 'Eleve', locale: 'es' });
    expect(landing).not.toMatch(/access|refresh|eyJ/);
    const code = codeOf(landing);
    const res = await exchange(code, cookie).expect(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String), email });
    await exchange(code, cookie).expect(400, { error: 'invalid-code' });
    const me = await request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${res.body.access}`).expect(200);
    const stored = await mongo.db(auth.config.MONGODB_DB).collection('users').findOne({ email });
    expect(stored).toMatchObject({ isActive: true, googleSub: 'g-new-1', lang: 'es', password: null, roles: ['user'] });
    expect(String(stored?._id)).toBe(me.body.id);
    await request(auth.url).post('/auth/token/refresh/').send({ refresh: res.body.refresh }).expect(200);

    // Signing in again finds the same account by its subject.
    const again = await signIn({ sub: 'g-new-1', email, email_verified: true });
    const second = await exchange(codeOf(again.landing), again.cookie).expect(200);
    await request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${second.body.access}`).expect(200, me.body);
  });

  // Issue #38 item 3: Google vouches for the e-mail, not for the second factor: the code is asked too.
  it('an account with the second factor: the exchange asks for a code, keeps the one-time code for it, then opens a session with it', async () => {
    const user = await createActiveUser(auth.url);
    const { secret } = await enrolSecondFactor(auth.url, (await login(auth.url, user.email, user.password)).access, user.password);
    const { landing, cookie } = await signIn({ sub: 'g-mfa-1', email: user.email, email_verified: true });
    const code = codeOf(landing);
    await exchange(code, cookie).expect(401, {
      detail: 'A code from the authenticator app (or a recovery code) is required.',
      code: 'mfa_required',
    });
    const again = (otp: string) => request(auth.url).post('/auth/oauth2/exchange').set('Cookie', cookie).send({ code, otp });
    await again('000000').expect(401, { detail: 'The code is wrong or was already used.', code: 'mfa_invalid' });
    const session = await again(await totpAt(secret, Date.now() + STEP_MS)).expect(200);
    expect(decodeJwt(session.body.access).amr).toEqual(['mfa', 'otp']);
    // Used up now.
    await again(await totpAt(secret, Date.now() + STEP_MS)).expect(400, { error: 'invalid-code' });
  });

  it('an account made by Google (no password) turns the second factor on without a password', async () => {
    const email = uniqueEmail('google.mfa');
    const first = await signIn({ sub: 'g-mfa-2', email, email_verified: true });
    const session = await exchange(codeOf(first.landing), first.cookie).expect(200);
    const bearer = { Authorization: `Bearer ${session.body.access}` };
    const { body } = await request(auth.url).post('/auth/second-factor/enrolment').set(bearer).send({}).expect(200);
    await request(auth.url)
      .post('/auth/second-factor/confirm')
      .set(bearer)
      .send({ code: await totpAt(body.secret) })
      .expect(200);
  });

  it('an existing activated account: links Google to it, and it keeps its password', async () => {
    const user = await createActiveUser(auth.url);
    const { landing, cookie } = await signIn({ sub: 'g-existing-1', email: user.email.toUpperCase(), email_verified: true });
    const session = await exchange(codeOf(landing), cookie).expect(200);
    expect(session.body.email).toBe(user.email);
    await request(auth.url)
      .get('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${session.body.access}`)
      .expect(200, { email: user.email, id: user.id });
    expect(await mongo.db(auth.config.MONGODB_DB).collection('users').findOne({ email: user.email })).toMatchObject({
      googleSub: 'g-existing-1',
      isActive: true,
    });
    await login(auth.url, user.email, user.password);
    // The owner is told, in the account's language (issue #38).
    const notice = await waitForMail(user.email, 2);
    expect(notice.subject).toBe('Google is now linked to your Pupitre account');
    expect(notice.text).toContain('/settings');
  });

  it('a never-activated account (pre-hijack): Google links and activates it, and the sign-up password, its sessions and its e-mailed links die', async () => {
    // Someone signs up with the owner's address and a password of their own, and never activates.
    const email = uniqueEmail('google.prehijack');
    const created = await request(auth.url)
      .post('/auth/manage/users/')
      .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
      .expect(201);
    const activation = linkParts(await waitForMail(email), 'activate');
    // A session that account might hold (issued directly: an inactive account cannot log in).
    const planted = await auth.app.get(TokenService).issuePair({ id: created.body.id, roles: ['user'] });
    const db = mongo.db(auth.config.MONGODB_DB);
    expect(await db.collection('link_tokens').countDocuments({ userId: created.body.id })).toBe(1);

    // The owner signs in with Google for the first time.
    const { landing, cookie } = await signIn({ sub: 'g-prehijack-1', email, email_verified: true });
    const session = await exchange(codeOf(landing), cookie).expect(200);
    await request(auth.url)
      .get('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${session.body.access}`)
      .expect(200, { email, id: created.body.id });

    // The other person's password no longer opens the account; their session and links are dead.
    await request(auth.url)
      .post('/auth/token/')
      .send({ email, password: GOOD_PASSWORD })
      .expect(401, { detail: 'No active account found with the given credentials' });
    await request(auth.url)
      .post('/auth/token/refresh/')
      .send({ refresh: planted.refresh })
      .expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect(await db.collection('users').findOne({ email })).toMatchObject({ googleSub: 'g-prehijack-1', isActive: true, password: null });
    expect(await db.collection('link_tokens').countDocuments({ userId: created.body.id })).toBe(0);
    await request(auth.url).post('/auth/manage/users/activation/').send(activation).expect(403, { detail: 'Stale token for given user.' });
    // The owner's own Google session is untouched.
    await request(auth.url).post('/auth/token/refresh/').send({ refresh: session.body.refresh }).expect(200);
  });

  it('refuses an unverified e-mail, a callback without the state cookie, a replayed state and a provider error', async () => {
    const failed = `${FRONT}/auth?form=login&error=google-signin`;
    expect((await signIn({ sub: 'g-unverified', email: uniqueEmail(), email_verified: false })).landing).toBe(failed);
    expect((await signIn({ sub: 'g-csrf', email: uniqueEmail(), email_verified: true }, { dropCookie: true })).landing).toBe(failed);
    const first = await signIn({ sub: 'g-replay', email: uniqueEmail(), email_verified: true });
    expect(first.landing).toMatch(/\/google\/login\?code=/);
    const replay = await request(auth.url).get(first.callbackUrl).set('Cookie', first.cookie).expect(302);
    expect(replay.headers.location).toBe(failed);
    const denied = await request(auth.url)
      .get('/auth/oauth2/callback?error=access_denied&state=x')
      .set('Cookie', 'pupitre_oauth_state=x')
      .expect(302);
    expect(denied.headers.location).toBe(failed);
    await request(auth.url).get('/auth/oauth2/callback').expect(302).expect('Location', failed);
  });

  it('uses PKCE (S256): the authorization carries a code challenge, the token request its verifier', async () => {
    await provider.setProfile({ sub: 'g-pkce', email: uniqueEmail(), email_verified: true });
    const start = await request(auth.url).get('/auth/oauth2/get-redirect').expect(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const challenge = authorize.searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const approved = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location') as string);
    const landing = (await request(auth.url).get(`${callback.pathname}${callback.search}`).set('Cookie', cookiesOf(start)).expect(302))
      .headers.location;
    expect(landing).toMatch(/\/google\/login\?code=/);
    const sent = await provider.lastExchange();
    expect(sent).toMatchObject({
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9_-]{43,128}$/),
    });
    expect(
      createHash('sha256')
        .update(sent.codeVerifier as string)
        .digest('base64url'),
    ).toBe(challenge);
  });

  it('binds the one-time code to the browser that started the sign-in (HttpOnly, SameSite=Lax cookie on /auth)', async () => {
    const start = await request(auth.url).get('/auth/oauth2/get-redirect');
    const browserCookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('pupitre_oauth_browser='));
    expect(browserCookie).toMatch(/; Path=\/auth(;|$)/);
    expect(browserCookie).toMatch(/; HttpOnly(;|$)/i);
    expect(browserCookie).toMatch(/; SameSite=Lax(;|$)/i);

    const victim = await signIn({ sub: 'g-bound', email: uniqueEmail(), email_verified: true });
    const other = await signIn({ sub: 'g-other', email: uniqueEmail(), email_verified: true });
    const code = codeOf(victim.landing);
    // The code alone, or with another browser's cookies, is worth nothing (and is not used up).
    await exchange(code).expect(400, { error: 'invalid-code' });
    await exchange(code, other.cookie).expect(400, { error: 'invalid-code' });
    const session = await exchange(code, victim.cookie).expect(200);
    expect(String(session.headers['set-cookie'])).toMatch(/pupitre_oauth_browser=;/);
    await exchange(code, victim.cookie).expect(400, { error: 'invalid-code' });
  });

  it('refuses unknown, malformed and expired codes', async () => {
    await exchange('x'.repeat(43)).expect(400, { error: 'invalid-code' });
    await exchange(undefined).expect(400, { error: 'invalid-code' });
    // Malformed cookies are no cookies (not a 500).
    await exchange('x'.repeat(43), 'pupitre_oauth_browser=%E0%A4%A').expect(400, { error: 'invalid-code' });
    await request(auth.url)
      .get('/auth/oauth2/callback?code=abc&state=x')
      .set('Cookie', 'pupitre_oauth_state=%E0%A4%A')
      .expect(302)
      .expect('Location', `${FRONT}/auth?form=login&error=google-signin`);
    const short = await startAuth(`${__filename}-short`, { ...provider.env, OAUTH_CODE_TTL: '200ms' });
    try {
      await provider.setProfile({ sub: 'g-slow', email: uniqueEmail(), email_verified: true });
      const start = await request(short.url).get('/auth/oauth2/get-redirect').expect(302);
      const cookie = cookiesOf(start);
      const approved = await fetch(start.headers.location, { redirect: 'manual' });
      const callback = new URL(approved.headers.get('location') as string);
      const landing = (await request(short.url).get(`${callback.pathname}${callback.search}`).set('Cookie', cookie).expect(302)).headers
        .location;
      await new Promise((r) => setTimeout(r, 400));
      await request(short.url)
        .post('/auth/oauth2/exchange')
        .set('Cookie', cookie)
        .send({ code: new URL(landing).searchParams.get('code') })
        .expect(400, { error: 'invalid-code' });
    } finally {
      await short.dispose();
    }
  });

  it('is off when GOOGLE_CLIENT_ID is not set: both ends redirect with the unavailable marker', async () => {
    const off = await startAuth(`${__filename}-off`);
    try {
      await request(off.url)
        .get('/auth/oauth2/get-redirect')
        .expect(302)
        .expect('Location', `${FRONT}/auth?form=login&error=google-unavailable`);
      await request(off.url)
        .get('/auth/oauth2/callback?code=x&state=y')
        .expect(302)
        .expect('Location', `${FRONT}/auth?form=login&error=google-unavailable`);
    } finally {
      await off.dispose();
    }
  });
});
