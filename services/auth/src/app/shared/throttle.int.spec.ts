// Throttling stored in Redis: login per IP and per (e-mail, IP) with a growing delay, sign-up,
// reset and resend per IP; 429
// with Retry-After, recovery after the window; X-Forwarded-For believed only from TRUST_PROXY.
import { request } from '@pupitre/server-kit/testing';
import { type Response } from 'supertest';
import { type AuthUnderTest, createActiveUser, DEFAULT_LOGIN_THROTTLES, startAuth, uniqueEmail } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('throttling', () => {
  let auth: AuthUnderTest;

  beforeAll(async () => {
    auth = await startAuth(__filename, {
      THROTTLE_LOGIN_IP: '6/3s',
      THROTTLE_LOGIN_FAILURES: '3',
      THROTTLE_LOGIN_DELAY: '3s',
      THROTTLE_SIGNUP_IP: '2/3s',
      THROTTLE_RESET_IP: '2/3s',
      THROTTLE_RESEND_IP: '2/3s',
    });
  });
  afterAll(async () => {
    await auth?.dispose();
  });

  const expect429 = (res: Response) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: 'too-many-requests',
      detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3);
  };

  it('login: per e-mail and address, then per IP; answers 429 with Retry-After, and recovers after the window', async () => {
    // Warm-up outside the windows measured below.
    const user = await createActiveUser(auth.url);
    await sleep(3100);
    const attempt = (email: string, password = 'Wrong-password-1', ip?: string) => {
      const req = request(auth.url).post('/auth/token/');
      if (ip) req.set('X-Forwarded-For', ip);
      return req.send({ email, password });
    };
    for (let i = 0; i < 3; i++) expect((await attempt(user.email)).status).toBe(401);
    expect429(await attempt(user.email));
    // Even the right password is throttled for this e-mail.
    expect429(await attempt(user.email, user.password));
    // Other e-mails from this IP go on until the IP limit (6 counted hits).
    expect((await attempt(uniqueEmail())).status).toBe(401);
    expect429(await attempt(uniqueEmail()));
    // X-Forwarded-For is not believed (TRUST_PROXY=false): a spoofed address does not help.
    expect429(await attempt(uniqueEmail(), undefined, '203.0.113.9'));
    await sleep(3100);
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });

  describe('login failures per (e-mail, client address)', () => {
    let proxied: AuthUnderTest;
    beforeAll(async () => {
      // Production defaults for login, clients told apart by X-Forwarded-For (as behind the gateway).
      proxied = await startAuth(`${__filename}-login`, { ...DEFAULT_LOGIN_THROTTLES, TRUST_PROXY: 'loopback', THROTTLE_LOGIN_DELAY: '3s' });
    });
    afterAll(async () => {
      await proxied?.dispose();
    });
    const attemptFrom = (ip: string, email: string, password = 'Wrong-password-1') =>
      request(proxied.url).post('/auth/token/').set('X-Forwarded-For', ip).send({ email, password });

    it('wrong passwords from rotating addresses cannot lock the owner out', async () => {
      const owner = await createActiveUser(proxied.url);
      for (let i = 1; i <= 15; i++) expect((await attemptFrom(`198.51.100.${i}`, owner.email)).status).toBe(401);
      expect((await attemptFrom('203.0.113.50', owner.email, owner.password)).status).toBe(200);
    });

    it('one address hammering one account is slowed down (429 with Retry-After), others are not; the delay passes', async () => {
      const owner = await createActiveUser(proxied.url);
      const hammer = '198.51.100.200';
      for (let i = 0; i < 3; i++) expect((await attemptFrom(hammer, owner.email)).status).toBe(401);
      const slowed = await attemptFrom(hammer, owner.email);
      expect(slowed.status).toBe(429);
      expect(slowed.body).toEqual({
        error: 'too-many-requests',
        detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/),
      });
      const wait = Number(slowed.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(3);
      // Even the right password waits, from that address; the owner elsewhere signs in.
      expect((await attemptFrom(hammer, owner.email, owner.password)).status).toBe(429);
      expect((await attemptFrom('203.0.113.51', owner.email, owner.password)).status).toBe(200);
      // Another account from the hammering address is not slowed.
      expect((await attemptFrom(hammer, uniqueEmail())).status).toBe(401);
      await sleep(wait * 1000 + 100);
      expect((await attemptFrom(hammer, owner.email, owner.password)).status).toBe(200);
      // A success forgets the failures.
      expect((await attemptFrom(hammer, owner.email)).status).toBe(401);
    });
  });

  it.each([
    [
      'sign-up',
      '/auth/manage/users/',
      () => ({ email: uniqueEmail(), password: 'Cahier-de-textes-42', re_password: 'Cahier-de-textes-42' }),
      201,
    ],
    ['reset', '/auth/manage/users/reset_password/', () => ({ email: uniqueEmail() }), 204],
    ['resend activation', '/auth/manage/users/resend_activation/', () => ({ email: uniqueEmail() }), 204],
  ])('%s: per IP, 429 then recovery', async (_name, path, body, ok) => {
    await sleep(3100);
    expect((await request(auth.url).post(path).send(body())).status).toBe(ok);
    expect((await request(auth.url).post(path).send(body())).status).toBe(ok);
    expect429(await request(auth.url).post(path).send(body()));
    await sleep(3100);
    expect((await request(auth.url).post(path).send(body())).status).toBe(ok);
  });

  it('with TRUST_PROXY=loopback, clients behind the gateway are counted by their X-Forwarded-For address', async () => {
    const proxied = await startAuth(`${__filename}-proxied`, { TRUST_PROXY: 'loopback', THROTTLE_RESET_IP: '1/10s' });
    try {
      const reset = (ip: string) =>
        request(proxied.url).post('/auth/manage/users/reset_password/').set('X-Forwarded-For', ip).send({ email: uniqueEmail() });
      expect((await reset('198.51.100.1')).status).toBe(204);
      expect((await reset('198.51.100.1')).status).toBe(429);
      expect((await reset('198.51.100.2')).status).toBe(204);
    } finally {
      await proxied.dispose();
    }
  });
});
