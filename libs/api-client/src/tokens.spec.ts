import { clearSession, getSession, updateSession } from '@pupitre/session';
import { configureApiClient, request, resetApiClient } from './client';
import { fakeApi } from './testing';
import { logout, needsRefresh, REFRESH_THRESHOLD_S, refreshTokens, startTokenRefresh, tokenExpiry } from './tokens';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (exp: number) => `${b64({ alg: 'ES256' })}.${b64({ sub: 'u1', exp })}.sig`;
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  clearSession();
  localStorage.clear();
  resetApiClient();
});

const headersOf = (call: unknown) => (call as [string, RequestInit])[1].headers as Record<string, string>;

test('tokenExpiry reads the exp claim; needsRefresh applies the 300 s threshold', () => {
  expect(tokenExpiry(jwt(1234))).toBe(1234);
  expect(tokenExpiry('garbage')).toBeNull();
  const t = 1_000_000;
  expect(needsRefresh({ email: 'a', access: 'x', accessExpiry: t + REFRESH_THRESHOLD_S + 1, lang: null }, t)).toBe(false);
  expect(needsRefresh({ email: 'a', access: 'x', accessExpiry: t + REFRESH_THRESHOLD_S, lang: null }, t)).toBe(true);
  expect(needsRefresh({ email: 'a', access: 'x', accessExpiry: t - 10, lang: null }, t)).toBe(true);
  // Signed in, no token in memory yet (a reload): the cookie gets one.
  expect(needsRefresh({ email: 'a', access: null, accessExpiry: null, lang: null }, t)).toBe(true);
  expect(needsRefresh({ email: null, access: null, accessExpiry: null, lang: null }, t)).toBe(false);
});

test('refresh asks the cookie (no token in the body) and keeps the new access token in memory only; concurrent callers share one request', async () => {
  updateSession({ email: 'a@b.c', access: jwt(now() + 10), accessExpiry: now() + 10 });
  const fresh = jwt(now() + 900);
  const { fetch } = fakeApi(() => ({ status: 200, body: { access: fresh } }));
  const results = await Promise.all([refreshTokens(), refreshTokens(), refreshTokens()]);
  expect(results).toEqual([true, true, true]);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({});
  expect(headersOf(fetch.mock.calls[0])['X-Pupitre-Session']).toBe('cookie');
  expect(getSession()).toMatchObject({ access: fresh, accessExpiry: now() + 900 });
  expect(Object.keys(localStorage)).toEqual(['email']);
  // Fresh now: a later call does not spend the refresh token again.
  await refreshTokens();
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('a forced refresh gets a new pair even while the access token is fresh (the account changed: new claims)', async () => {
  updateSession({ email: 'a@b.c', access: jwt(now() + 900), accessExpiry: now() + 900 });
  const fresh = jwt(now() + 901);
  const { fetch } = fakeApi(() => ({ status: 200, body: { access: fresh } }));
  await refreshTokens();
  expect(fetch).not.toHaveBeenCalled();
  await expect(refreshTokens({ force: true })).resolves.toBe(true);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(getSession()).toMatchObject({ access: fresh });
});

test('a dead refresh token (401) ends the session; a network failure keeps it', async () => {
  updateSession({ email: 'a@b.c', access: 'x', accessExpiry: now() - 1 });
  configureApiClient({
    fetch: (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof globalThis.fetch,
    notify: jest.fn(),
  });
  await expect(refreshTokens()).resolves.toBe(false);
  expect(getSession().email).toBe('a@b.c');
  fakeApi(() => ({ status: 401, body: { detail: 'Token is blacklisted', code: 'token_not_valid' } }));
  await expect(refreshTokens()).resolves.toBe(false);
  expect(getSession()).toMatchObject({ email: null, access: null });
});

test('timing: at start when expiring within 300 s, then again 300 s before the next expiry', async () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  const t0 = now();
  updateSession({ email: 'a@b.c', access: jwt(t0 + 100), accessExpiry: t0 + 100 });
  const { fetch } = fakeApi(() => ({ status: 200, body: { access: jwt(now() + 900) } }));
  const scheduler = startTokenRefresh();
  await jest.advanceTimersByTimeAsync(0);
  expect(fetch).toHaveBeenCalledTimes(1); // at start: 100 s left
  expect(getSession().accessExpiry).toBe(t0 + 900);
  // Next one 900 - 300 = 600 s later, not before.
  await jest.advanceTimersByTimeAsync(599_000);
  expect(fetch).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(getSession().accessExpiry).toBe(t0 + 1500);
  scheduler.stop();
  jest.useRealTimers();
});

test('an authenticated request with an expiring token refreshes first and sends the new token', async () => {
  updateSession({ email: 'a@b.c', access: 'OLD', accessExpiry: now() + 5 });
  const fresh = jwt(now() + 900);
  const me = { num: 0, average: null, popularity: 0, since: '2025-04-09T12:00:00.000Z' };
  const { fetch } = fakeApi((call) =>
    call.url.endsWith('/refresh/') ? { status: 200, body: { access: fresh } } : { status: 200, body: me },
  );
  const scheduler = startTokenRefresh();
  await request('GET', '/auth/me');
  const meCall = fetch.mock.calls.find(([url]) => url === '/auth/me') as unknown as [string, RequestInit];
  expect((meCall[1].headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
  expect(fetch.mock.calls.filter(([url]) => url.endsWith('/refresh/'))).toHaveLength(1);
  scheduler.stop();
});

test('a page that opens signed in (a reload) gets its token from the cookie before its first authenticated request', async () => {
  updateSession({ email: 'a@b.c' }); // what a reload finds: the e-mail, no token in memory
  const fresh = jwt(now() + 900);
  const { fetch } = fakeApi((call) =>
    call.url.endsWith('/refresh/') ? { status: 200, body: { access: fresh } } : { status: 200, body: [] },
  );
  const scheduler = startTokenRefresh();
  await request('GET', '/auth/me/favorites');
  const call = fetch.mock.calls.find(([url]) => url === '/auth/me/favorites');
  expect(headersOf(call).Authorization).toBe(`Bearer ${fresh}`);
  scheduler.stop();
});

test('another tab signing in as someone else: the token held for the first account is not used', () => {
  updateSession({ email: 'a@b.c', access: 'A', accessExpiry: now() + 900 });
  localStorage.setItem('email', 'other@b.c');
  expect(getSession()).toMatchObject({ email: 'other@b.c', access: null });
});

describe('logout', () => {
  test('ends the cookie session, clears the session and goes to /auth?form=login', async () => {
    updateSession({ email: 'a@b.c', access: 'A', lang: 'es' });
    const { fetch } = fakeApi(() => ({ status: 200, body: {} }));
    const navigate = jest.fn();
    await expect(logout(navigate)).resolves.toBe(true);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/auth/token/logout/');
    expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, lang: 'es' });
    expect(navigate).toHaveBeenCalledWith('/auth?form=login');
  });

  test.each([
    ['an error answer', () => ({ status: 400, body: { error: 'invalid token' } })],
    ['a server error', () => ({ status: 503, body: { error: 'unavailable' } })],
    ['no network at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s still leaves the browser clean: session and every local trace, silently', async (_case, answer) => {
    updateSession({ email: 'a@b.c', access: 'A', lang: 'fr' });
    localStorage.setItem('pupitre:review-draft', '{"values":{"text":"Mon avis"}}');
    sessionStorage.setItem('pupitre:anything', 'x');
    const { notify } = fakeApi(answer as never);
    const navigate = jest.fn();
    await expect(logout(navigate)).resolves.toBe(true);
    expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, lang: 'fr' });
    expect([localStorage.getItem('pupitre:review-draft'), sessionStorage.getItem('pupitre:anything')]).toEqual([null, null]);
    expect(navigate).toHaveBeenCalledWith('/auth?form=login');
    expect(notify).not.toHaveBeenCalled();
  });
});

test('a logout made offline is told to the server by the next page that opens online', async () => {
  updateSession({ email: 'a@b.c', access: 'A' });
  fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
  await logout(jest.fn());
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(localStorage.getItem('logout-pending')).toBe('1');
  const { fetch } = fakeApi(() => ({ status: 200, body: {} }));
  const scheduler = startTokenRefresh();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/auth/token/logout/']);
  expect(localStorage.getItem('logout-pending')).toBeNull();
  scheduler.stop();
});

test('a token an earlier version left in local storage is sent once, from the body, to move the session into the cookie', async () => {
  jest.resetModules();
  localStorage.setItem('email', 'a@b.c');
  localStorage.setItem('refresh', 'R-old');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const session = require('@pupitre/session') as typeof import('@pupitre/session');
  const tokens = require('./tokens') as typeof import('./tokens');
  const client = require('./client') as typeof import('./client');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const fetch = jest.fn(async () => ({
    status: 200,
    text: async () => JSON.stringify({ access: jwt(now() + 900) }),
    headers: { get: () => null },
  }));
  client.configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  await tokens.refreshTokens();
  await tokens.refreshTokens({ force: true });
  const bodies = fetch.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string));
  expect(bodies).toEqual([{ refresh: 'R-old' }, {}]);
  expect(localStorage.getItem('refresh')).toBeNull();
  expect(session.getSession().access).not.toBeNull();
});
