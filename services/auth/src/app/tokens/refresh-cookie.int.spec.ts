// Issue #38, item 1: the refresh token out of JavaScript's reach. A client that asks for it
// (`X-Pupitre-Session: cookie`) gets the refresh token only in an HttpOnly, SameSite=Strict cookie
// scoped to /auth/token/, and the access token alone in the body; refresh and logout read the cookie;
// every cookie endpoint refuses another site (Sec-Fetch-Site, else Origin). Older clients, which send
// the refresh token in the body, keep the body pair. (Every answer is checked against the contract by `request`.)
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, login, startAuth } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

const COOKIE_MODE = { 'X-Pupitre-Session': 'cookie' };
const SAME_ORIGIN = { ...COOKIE_MODE, 'Sec-Fetch-Site': 'same-origin' };

/** The refresh cookie a response sets: its value and attributes. */
function setCookie(res: { headers: Record<string, unknown> }): { value: string; attributes: string[] } | undefined {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const line = lines.find((l) => l.startsWith('pupitre_refresh='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((p) => p.trim());
  return { value: decodeURIComponent(pair.slice('pupitre_refresh='.length)), attributes };
}
const cookieHeader = (value: string) => `pupitre_refresh=${encodeURIComponent(value)}`;

describe('the refresh token in an HttpOnly cookie', () => {
  let auth: AuthUnderTest;
  let origin: string;

  beforeAll(async () => {
    auth = await startAuth(__filename);
    origin = new URL(auth.config.PUBLIC_URL).origin;
  });
  afterAll(async () => {
    await auth?.dispose();
  });

  const signIn = async (headers: Record<string, string> = SAME_ORIGIN) => {
    const user = await createActiveUser(auth.url);
    const res = await request(auth.url).post('/auth/token/').set(headers).send({ email: user.email, password: user.password });
    return { user, res };
  };

  it('sign-in sets the cookie (HttpOnly, SameSite=Strict, Path=/auth/token/) and answers the access token alone', async () => {
    const { res } = await signIn();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['access']);
    const cookie = setCookie(res)!;
    expect(cookie.value.split('.')).toHaveLength(3);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/auth/token/']));
    // Local development over http: not Secure (the unit test of RefreshCookie covers HTTPS and production).
    expect(cookie.attributes).not.toContain('Secure');
    const maxAge = Number(cookie.attributes.find((a) => a.startsWith('Max-Age='))!.split('=')[1]);
    // As long as the refresh token it holds (REFRESH_TOKEN_TTL, 14 days, never past the session's end).
    expect(maxAge).toBeGreaterThan(14 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(14 * 86_400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refresh reads the cookie, rotates it, and answers the access token alone; the old cookie, once the new one is used, is a re-use', async () => {
    const { res } = await signIn();
    const first = setCookie(res)!.value;
    const refreshed = await request(auth.url).post('/auth/token/refresh/').set(SAME_ORIGIN).set('Cookie', cookieHeader(first)).send({});
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body as object)).toEqual(['access']);
    const second = setCookie(refreshed)!.value;
    expect(second).not.toBe(first);
    const third = await request(auth.url).post('/auth/token/refresh/').set(SAME_ORIGIN).set('Cookie', cookieHeader(second)).send({});
    expect(third.status).toBe(200);
    // The first token presented again after its holder moved on: the session ends (every token) and the cookie is cleared.
    const reused = await request(auth.url).post('/auth/token/refresh/').set(SAME_ORIGIN).set('Cookie', cookieHeader(first)).send({});
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect(setCookie(reused)!.attributes.some((a) => a.startsWith('Expires=Thu, 01 Jan 1970'))).toBe(true);
    await request(auth.url)
      .post('/auth/token/refresh/')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(setCookie(third)!.value))
      .send({})
      .expect(401);
  });

  it('a cookie client without a cookie is signed out (401), not a malformed request', async () => {
    await request(auth.url)
      .post('/auth/token/refresh/')
      .set(SAME_ORIGIN)
      .send({})
      .expect(401, { detail: 'Token is invalid', code: 'token_not_valid' });
  });

  it('refuses every cookie endpoint to another site, by Sec-Fetch-Site or, without it, by Origin', async () => {
    const { user, res } = await signIn();
    const cookie = cookieHeader(setCookie(res)!.value);
    const crossSite = [
      { ...COOKIE_MODE, 'Sec-Fetch-Site': 'cross-site' },
      { ...COOKIE_MODE, 'Sec-Fetch-Site': 'same-site', Origin: origin },
      { ...COOKIE_MODE, Origin: 'https://evil.example' },
      { ...COOKIE_MODE }, // neither: not a browser's fetch, and only browsers hold the cookie
    ];
    for (const headers of crossSite) {
      await request(auth.url)
        .post('/auth/token/refresh/')
        .set(headers)
        .set('Cookie', cookie)
        .send({})
        .expect(403, { error: 'cross-site-request' });
      await request(auth.url)
        .post('/auth/token/logout/')
        .set(headers)
        .set('Cookie', cookie)
        .send({})
        .expect(403, { error: 'cross-site-request' });
      await request(auth.url)
        .post('/auth/token/')
        .set(headers)
        .send({ email: user.email, password: user.password })
        .expect(403, { error: 'cross-site-request' });
      await request(auth.url)
        .post('/auth/oauth2/exchange')
        .set(headers)
        .send({ code: 'x'.repeat(43) })
        .expect(403);
    }
    // A cookie sent without the header (a form posted from elsewhere) is checked too.
    await request(auth.url).post('/auth/token/refresh/').set('Origin', 'https://evil.example').set('Cookie', cookie).send({}).expect(403);
    // The session survived all of it: the site itself, by Origin alone, still refreshes.
    await request(auth.url)
      .post('/auth/token/refresh/')
      .set({ ...COOKIE_MODE, Origin: origin })
      .set('Cookie', cookie)
      .send({})
      .expect(200);
  });

  it('the cookie logout ends the session and clears the cookie; a dead cookie still logs out cleanly', async () => {
    const { res } = await signIn();
    const token = setCookie(res)!.value;
    const out = await request(auth.url).post('/auth/token/logout/').set(SAME_ORIGIN).set('Cookie', cookieHeader(token)).send({});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({});
    expect(setCookie(out)!.value).toBe('');
    await request(auth.url).post('/auth/token/refresh/').send({ refresh: token }).expect(401);
    await request(auth.url).post('/auth/token/logout/').set(SAME_ORIGIN).set('Cookie', cookieHeader(token)).send({}).expect(200, {});
    await request(auth.url).post('/auth/token/logout/').set(SAME_ORIGIN).send({}).expect(200, {});
  });

  it('older clients keep the pair in the body, and no cookie is set for them', async () => {
    const user = await createActiveUser(auth.url);
    const res = await request(auth.url).post('/auth/token/').send({ email: user.email, password: user.password });
    expect(Object.keys(res.body as object).sort()).toEqual(['access', 'refresh']);
    expect(setCookie(res)).toBeUndefined();
    const refreshed = await request(auth.url)
      .post('/auth/token/refresh/')
      .send({ refresh: (res.body as { refresh: string }).refresh });
    expect(Object.keys(refreshed.body as object).sort()).toEqual(['access', 'refresh']);
    expect(setCookie(refreshed)).toBeUndefined();
    await request(auth.url).post('/auth/token/refresh/').send({}).expect(400); // the contract's missing field
    await request(auth.url)
      .post('/auth/logout')
      .send({ refresh: (refreshed.body as { refresh: string }).refresh })
      .expect(200, {});
  });

  it('a refresh token from the body, sent with the cookie header, moves that session into the cookie (an earlier version’s storage)', async () => {
    const user = await createActiveUser(auth.url);
    const { refresh } = await login(auth.url, user.email, user.password);
    const moved = await request(auth.url).post('/auth/token/refresh/').set(SAME_ORIGIN).send({ refresh });
    expect(moved.status).toBe(200);
    expect(Object.keys(moved.body as object)).toEqual(['access']);
    const cookie = setCookie(moved)!.value;
    await request(auth.url).post('/auth/token/refresh/').set(SAME_ORIGIN).set('Cookie', cookieHeader(cookie)).send({}).expect(200);
  });
});
