// Throttling stored in Redis: login per IP and per e-mail, sign-up, reset and resend per IP; 429
// with Retry-After, recovery after the window; X-Forwarded-For believed only from TRUST_PROXY.
import { request } from '@pupitre/server-kit/testing';
import { type Response } from 'supertest';
import { type AuthUnderTest, createActiveUser, startAuth, uniqueEmail } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('throttling', () => {
  let auth: AuthUnderTest;

  beforeAll(async () => {
    auth = await startAuth(__filename, {
      THROTTLE_LOGIN_IP: '6/3s',
      THROTTLE_LOGIN_EMAIL: '3/3s',
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
    expect(res.body).toEqual({ error: 'too-many-requests', detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3);
  };

  it('login: per e-mail, then per IP; answers 429 with Retry-After, and recovers after the window', async () => {
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

  it.each([
    ['sign-up', '/auth/manage/users/', () => ({ email: uniqueEmail(), password: 'Cahier-de-textes-42', re_password: 'Cahier-de-textes-42' }), 201],
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
      const reset = (ip: string) => request(proxied.url).post('/auth/manage/users/reset_password/').set('X-Forwarded-For', ip).send({ email: uniqueEmail() });
      expect((await reset('198.51.100.1')).status).toBe(204);
      expect((await reset('198.51.100.1')).status).toBe(429);
      expect((await reset('198.51.100.2')).status).toBe(204);
    } finally {
      await proxied.dispose();
    }
  });
});
