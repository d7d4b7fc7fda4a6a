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
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: auth.config.MONGODB_URI,
        MONGODB_DB: auth.config.MONGODB_DB,
        REDIS_URL: auth.config.REDIS_URL,
        PASSWORD_SCRYPT_LOG_N: '12',
        ADMIN_ACTOR: 'cli:test',
        ...env,
      },
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

  it('grants and revokes the moderator role; a revocation ends the sessions: the old token cannot write, the old refresh token is dead, the next token lacks the role', async () => {
    const user = await createActiveUser(auth.url);
    expect(cli(['grant-moderator', user.email])).toMatchObject({ code: 0, stdout: `granted moderator to ${user.email}\n` });
    expect(cli(['grant-moderator', user.email]).stdout).toBe(`${user.email} is already a moderator\n`);
    const session = await login(auth.url, user.email, user.password);
    expect(decodeJwt(session.access).roles).toEqual(['user', 'moderator']);
    expect(cli(['revoke-moderator', user.email], { REDIS_URL: '' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('needs REDIS_URL'),
    });
    expect(cli(['revoke-moderator', user.email])).toMatchObject({ code: 0, stdout: `revoked moderator from ${user.email}\n` });
    // The old access token can no longer write (ADR 0006: the session version moved on), its refresh token is dead.
    await request(auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${session.access}`)
      .send({ current_password: user.password })
      .expect(401);
    await request(auth.url).post('/auth/token/refresh/').send({ refresh: session.refresh }).expect(401);
    const next = await login(auth.url, user.email, user.password);
    expect(decodeJwt(next.access).roles).toEqual(['user']);
    // Every decision is in the audit log: who, when, before, after.
    const audit = cli(['audit', '--limit', '3']);
    expect(audit.code).toBe(0);
    const entries = audit.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'revoke-role',
        actor: 'cli:test',
        before: { roles: ['user', 'moderator'] },
        after: { roles: ['user'] },
        at: expect.any(String),
      }),
      expect.objectContaining({
        action: 'grant-role',
        actor: 'cli:test',
        before: { roles: ['user'] },
        after: { roles: ['user', 'moderator'] },
      }),
    ]);
    expect(audit.stdout).not.toContain(user.email);
  });

  it('refuses bad input: unknown command (64 with usage), weak password, unknown account, missing MONGODB_URI (78)', () => {
    const usage = cli(['promote', 'x@example.org']);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Usage: npm run admin');
    expect(cli(['create-admin', uniqueEmail(), '--password', '1qaz2wsx3edc'])).toMatchObject({
      code: 1,
      stderr: 'admin: This password is too common.\n',
    });
    expect(cli(['grant-admin', uniqueEmail('ghost')])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with e-mail'),
    });
    expect(cli(['grant-admin', uniqueEmail()], { MONGODB_URI: '' }).code).toBe(78);
  });
});
