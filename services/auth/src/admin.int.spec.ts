// The admin CLI as a real process on the built bundle: creates an admin, grants and revokes the
// role; the role travels in the next access token. Every grant but the first admin's needs an
// admin's fresh second-factor code (issue #38 item 3), each code once.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildServiceBundle, request, type ServiceBundle } from '@pupitre/server-kit/testing';
import { decodeJwt } from 'jose';
import { type AuthUnderTest, createActiveUser, GOOD_PASSWORD, login, startAuth, uniqueEmail } from './testing/auth-test-kit';
import { STEP_MS, totpAt } from './testing/second-factor-kit';

jest.setTimeout(120_000);

describe('admin CLI (dist/admin.js)', () => {
  let bundle: ServiceBundle;
  let auth: AuthUnderTest;
  // The service's keys of the TOTP secrets: the CLI is given the same ones to read the approver's.
  const secondFactorKeys = `cli-test:${randomBytes(32).toString('base64')}`;

  beforeAll(async () => {
    bundle = buildServiceBundle('auth');
    auth = await startAuth(__filename, { SECOND_FACTOR_KEYS: secondFactorKeys });
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
        SECOND_FACTOR_KEYS: secondFactorKeys,
        ...env,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  // The first admin, who approves the grants with codes of their authenticator app.
  const root = { email: uniqueEmail('root'), secret: '', lastStep: 0 };
  /** A code of the root admin's from a step later than the last one used (waiting for the next step when needed). */
  const freshCode = async (): Promise<string> => {
    for (;;) {
      const now = Math.floor(Date.now() / STEP_MS);
      const step = Math.max(root.lastStep + 1, now);
      if (step <= now + 1) {
        root.lastStep = step;
        return totpAt(root.secret, step * STEP_MS + STEP_MS / 2);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const approved = async (args: string[]) => cli([...args, '--as', root.email, '--code', await freshCode()]);

  it('creates the first admin without a code; the next ones need an approval', async () => {
    expect(cli(['create-admin', root.email], { ADMIN_PASSWORD: GOOD_PASSWORD })).toMatchObject({
      code: 0,
      stdout: `created admin ${root.email}\n`,
    });
    const { access } = await login(auth.url, root.email, GOOD_PASSWORD);
    expect(decodeJwt(access).roles).toEqual(['user', 'admin']);
    expect(cli(['create-admin', root.email]).stdout).toBe(`${root.email} is already an admin\n`);
    const next = uniqueEmail('admin');
    expect(cli(['create-admin', next], { ADMIN_PASSWORD: GOOD_PASSWORD })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("granting a role needs an admin's approval"),
    });
    // An admin without the second factor approves nothing.
    expect(cli(['create-admin', next, '--as', root.email, '--code', '123456'], { ADMIN_PASSWORD: GOOD_PASSWORD })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('has no second factor'),
    });
    const bearer = { Authorization: `Bearer ${access}` };
    const { body } = await request(auth.url)
      .post('/auth/second-factor/enrolment')
      .set(bearer)
      .send({ password: GOOD_PASSWORD })
      .expect(200);
    root.secret = body.secret;
    root.lastStep = Math.floor(Date.now() / STEP_MS) - 1;
    await request(auth.url)
      .post('/auth/second-factor/confirm')
      .set(bearer)
      .send({ code: await totpAt(root.secret, root.lastStep * STEP_MS + STEP_MS / 2) })
      .expect(200);
    expect(await approved(['create-admin', next, '--password', GOOD_PASSWORD])).toMatchObject({
      code: 0,
      stdout: `created admin ${next}\n`,
    });
  });

  it('refuses a grant with a wrong code, a used code, or a non-admin approver', async () => {
    const user = await createActiveUser(auth.url);
    const wrong = cli(['grant-moderator', user.email, '--as', root.email, '--code', '000000']);
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringMatching(/admin: the code is wrong\n$/) });
    // The failure is a security event naming the approving admin by their key (docs/security-log.md).
    expect(JSON.parse(wrong.stderr.split('\n')[0])).toMatchObject({
      event: 'second-factor-failed',
      purpose: 'grant-role',
      reason: 'wrong-code',
    });
    // The last code used (a replay within its window).
    const used = await totpAt(root.secret, root.lastStep * STEP_MS + STEP_MS / 2);
    expect(cli(['grant-moderator', user.email, '--as', root.email, '--code', used])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/admin: that code was already used: wait for the next one\n$/),
    });
    // Without the service's keys the CLI cannot read the approver's secret (stored encrypted), and says so.
    expect(cli(['grant-moderator', user.email, '--as', root.email, '--code', used], { SECOND_FACTOR_KEYS: '' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `cannot read the second factor of ${root.email}: the second-factor secret is sealed with key "cli-test"`,
      ),
    });
    expect(cli(['grant-moderator', user.email, '--as', user.email, '--code', used])).toMatchObject({
      code: 1,
      stderr: `admin: ${user.email} is not an active admin\n`,
    });
    const { access } = await login(auth.url, user.email, user.password);
    expect(decodeJwt(access).roles).toEqual(['user']);
  });

  it('grants and revokes the role on an existing account', async () => {
    const user = await createActiveUser(auth.url);
    expect(await approved(['grant-admin', user.email])).toMatchObject({ code: 0, stdout: `granted admin to ${user.email}\n` });
    expect(decodeJwt((await login(auth.url, user.email, user.password)).access).roles).toEqual(['user', 'admin']);
    expect(cli(['revoke-admin', user.email])).toMatchObject({ code: 0, stdout: `revoked admin from ${user.email}\n` });
    const { access } = await login(auth.url, user.email, user.password);
    expect(decodeJwt(access).roles).toEqual(['user']);
    await request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${access}`).expect(200);
  });

  it('grants and revokes the moderator role; a revocation ends the sessions: the old token cannot write, the old refresh token is dead, the next token lacks the role', async () => {
    const user = await createActiveUser(auth.url);
    expect(await approved(['grant-moderator', user.email])).toMatchObject({ code: 0, stdout: `granted moderator to ${user.email}\n` });
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
        approvedBy: expect.stringMatching(/^[0-9a-f]{24}$/),
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
