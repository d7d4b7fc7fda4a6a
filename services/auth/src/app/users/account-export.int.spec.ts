// GET /auth/manage/users/me/export/: the auth part of a user's copy of their own data (issue #41):
// the account's e-mail, language, dates, roles, Google link, second factor on or off, live sessions
// as /settings lists them and the known-device count; never a password hash, a token, a
// second-factor secret or a recovery code; never another account's data; 401 without a token.
import { ACCOUNT_EXPORT_FILENAME, type AccountDataExport } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { createActiveUser, signInFrom, USER_AGENTS, useAuthAndDatabase } from '../../testing/auth-test-kit';
import { enrolSecondFactor } from '../../testing/second-factor-kit';

jest.setTimeout(60_000);

const PATH = '/auth/manage/users/me/export/';

describe('GET /auth/manage/users/me/export/', () => {
  const env = useAuthAndDatabase(__filename);

  const signIn = (user: { email: string; password: string }, userAgent: string) => signInFrom(env.auth.url, user, userAgent);
  const exportWith = (access: string) => request(env.auth.url).get(PATH).set('Authorization', `Bearer ${access}`);
  const today = () => new Date().toISOString().slice(0, 10);

  it("holds the caller's account and sessions, no secret, nothing of another account", async () => {
    const a = await createActiveUser(env.auth.url, undefined, undefined, 'es');
    const b = await createActiveUser(env.auth.url);
    const phone = await signIn(a, USER_AGENTS.safariIphone);
    const laptop = await signIn(a, USER_AGENTS.firefoxLinux);
    const enrolled = await enrolSecondFactor(env.auth.url, laptop.access, a.password);
    const ofB = await signIn(b, USER_AGENTS.firefoxLinux);

    const res = await exportWith(laptop.access).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`);
    const body = res.body as AccountDataExport;
    const stored = await env.mongo.db(env.auth.config.MONGODB_DB).collection('users').findOne({ email: a.email });
    expect(body).toEqual({
      email: a.email,
      language: 'es',
      joined_at: (stored!.createdAt as Date).toISOString(),
      last_sign_in_at: (stored!.lastLogin as Date).toISOString(),
      roles: ['user'],
      google_linked: false,
      second_factor_enabled: true,
      sessions: [
        {
          device: { kind: 'desktop', browser: 'Firefox', os: 'Linux' },
          signed_in_month: today().slice(0, 7),
          last_used_day: today(),
          current: true,
        },
        {
          device: { kind: 'phone', browser: 'Safari', os: 'iOS' },
          signed_in_month: today().slice(0, 7),
          last_used_day: today(),
          current: false,
        },
      ],
      known_devices: 2,
    });
    // No secret of the account: its password hash, its tokens, its TOTP secret, its recovery codes; no id of any account.
    const text = res.text;
    for (const secret of [
      stored!.password as string,
      phone.access,
      phone.refresh,
      laptop.refresh,
      enrolled.secret,
      ...enrolled.recoveryCodes,
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\$scrypt\$/);
    for (const id of [a.id, b.id]) expect(text).not.toContain(id);
    expect(text).not.toContain(b.email);

    const other = (await exportWith(ofB.access).expect(200)).body as AccountDataExport;
    expect(other.email).toBe(b.email);
    expect(other.second_factor_enabled).toBe(false);
    expect(other.sessions).toHaveLength(1);
    expect(JSON.stringify(other)).not.toContain(a.email);
  });

  it('401 without a token, with a garbage one, and for an account since deleted', async () => {
    await request(env.auth.url).get(PATH).expect(401);
    await request(env.auth.url).get(PATH).set('Authorization', 'Bearer nonsense').expect(401);
    const gone = await createActiveUser(env.auth.url);
    const { access } = await signIn(gone, USER_AGENTS.firefoxLinux);
    await request(env.auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${access}`)
      .send({ current_password: gone.password })
      .expect(204);
    await exportWith(access).expect(401);
  });
});
