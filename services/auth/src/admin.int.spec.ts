// The admin CLI as a real process on the built bundle: creates an admin, grants and revokes the
// role; the role travels in the next access token.
import { spawnSync } from 'node:child_process';
import { buildServiceBundle, request, type ServiceBundle } from '@pupitre/server-kit/testing';
import { decodeJwt } from 'jose';
import { type AuthUnderTest, createActiveUser, GOOD_PASSWORD, login, startAuth, uniqueEmail } from './testing/auth-test-kit';

jest.setTimeout(90_000);

describe('admin CLI (dist/admin.js)', () => {
  let bundle: ServiceBundle;
  let auth: AuthUnderTest;

  beforeAll(async () => {
    bundle = buildServiceBundle('auth');
    auth = await startAuth(__filename);
  });
  afterAll(async () => {
    bundle?.remove();
    await auth?.dispose();
  });

  const cli = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, [bundle.entry('admin'), ...args], {
      env: { PATH: process.env.PATH ?? '', MONGODB_URI: auth.config.MONGODB_URI, MONGODB_DB: auth.config.MONGODB_DB, PASSWORD_SCRYPT_LOG_N: '12', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it('creates an active admin whose access token carries the admin role', async () => {
    const email = uniqueEmail('admin');
    expect(cli(['create-admin', email], { ADMIN_PASSWORD: GOOD_PASSWORD })).toMatchObject({ code: 0, stdout: `created admin ${email}\n` });
    const { access } = await login(auth.url, email, GOOD_PASSWORD);
    expect(decodeJwt(access).roles).toEqual(['user', 'admin']);
    expect(cli(['create-admin', email]).stdout).toBe(`${email} is already an admin\n`);
  });

  it('grants and revokes the role on an existing account', async () => {
    const user = await createActiveUser(auth.url);
    expect(cli(['grant-admin', user.email])).toMatchObject({ code: 0, stdout: `granted admin to ${user.email}\n` });
    expect(decodeJwt((await login(auth.url, user.email, user.password)).access).roles).toEqual(['user', 'admin']);
    expect(cli(['revoke-admin', user.email])).toMatchObject({ code: 0, stdout: `revoked admin from ${user.email}\n` });
    const { access } = await login(auth.url, user.email, user.password);
    expect(decodeJwt(access).roles).toEqual(['user']);
    await request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${access}`).expect(200);
  });

  it('refuses bad input: unknown command (64 with usage), weak password, unknown account, missing MONGODB_URI (78)', () => {
    const usage = cli(['promote', 'x@example.org']);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Usage: npm run admin');
    expect(cli(['create-admin', uniqueEmail(), '--password', 'password1'])).toMatchObject({ code: 1, stderr: 'admin: This password is too common.\n' });
    expect(cli(['grant-admin', uniqueEmail('ghost')])).toMatchObject({ code: 1, stderr: expect.stringContaining('no account with e-mail') });
    expect(cli(['grant-admin', uniqueEmail()], { MONGODB_URI: '' }).code).toBe(78);
  });
});
