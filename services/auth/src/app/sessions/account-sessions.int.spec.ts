// Issue #38, /settings: the signed-in user's own sessions, listed with a coarse device description
// (never the raw User-Agent), its sign-in month and its last use to the day; one or all the others
// ended there. Another account's session is answered as a missing one. And the e-mailed notice of a
// sign-in from a device the account had not used before (never on its very first sign-in).
import { request } from '@pupitre/server-kit/testing';
import { createActiveUser, mailsTo, signInFrom, USER_AGENTS, useAuthAndDatabase, waitForMail } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

describe('/auth/sessions', () => {
  const env = useAuthAndDatabase(__filename);

  const signIn = (user: { email: string; password: string }, userAgent: string) => signInFrom(env.auth.url, user, userAgent);
  const list = (access: string) => request(env.auth.url).get('/auth/sessions').set('Authorization', `Bearer ${access}`);
  const end = (access: string, id: string) => request(env.auth.url).delete(`/auth/sessions/${id}`).set('Authorization', `Bearer ${access}`);
  const endOthers = (access: string) => request(env.auth.url).post('/auth/sessions/end-others').set('Authorization', `Bearer ${access}`);
  const refresh = (token: string) => request(env.auth.url).post('/auth/token/refresh/').send({ refresh: token });
  const sidOf = (access: string): string => JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid;
  const today = () => new Date().toISOString().slice(0, 10);

  it('lists the caller’s sessions: device, browser, system, sign-in month, last use to the day; this one marked', async () => {
    const user = await createActiveUser(env.auth.url);
    const phone = await signIn(user, USER_AGENTS.safariIphone);
    const laptop = await signIn(user, USER_AGENTS.firefoxLinux);
    const other = await createActiveUser(env.auth.url);
    await signIn(other, USER_AGENTS.chromeWindows);

    const res = await list(laptop.access).expect(200);
    expect(res.body).toEqual([
      {
        id: sidOf(laptop.access),
        device: { kind: 'desktop', browser: 'Firefox', os: 'Linux' },
        signedInMonth: today().slice(0, 7),
        lastUsedDay: today(),
        current: true,
      },
      {
        id: sidOf(phone.access),
        device: { kind: 'phone', browser: 'Safari', os: 'iOS' },
        signedInMonth: today().slice(0, 7),
        lastUsedDay: today(),
        current: false,
      },
    ]);
    // A refresh keeps the session's description (the new record copies it), never the raw header.
    const rotated = (await refresh(phone.refresh).expect(200)).body;
    const again = await list(rotated.access).expect(200);
    expect(again.body.map((s: { device: object; current: boolean }) => [s.device, s.current])).toEqual([
      [{ kind: 'phone', browser: 'Safari', os: 'iOS' }, true],
      [{ kind: 'desktop', browser: 'Firefox', os: 'Linux' }, false],
    ]);
    const stored = await env.mongo.db(env.auth.config.MONGODB_DB).collection('refresh_tokens').find({ userId: user.id }).toArray();
    expect(JSON.stringify(stored)).not.toMatch(/Mozilla|Gecko|AppleWebKit/);
    expect(stored.every((r) => (r.lastUsedOn as Date).getTime() % 86_400_000 === 0)).toBe(true);
  });

  it('ends one session: its refresh token fails and its writes are refused; the caller’s goes on', async () => {
    const user = await createActiveUser(env.auth.url);
    const here = await signIn(user, USER_AGENTS.firefoxLinux);
    const there = await signIn(user, USER_AGENTS.safariIphone);
    await end(here.access, sidOf(there.access)).expect(204);
    await refresh(there.refresh).expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    await endOthers(there.access).expect(401); // a write with the ended session's access token
    const left = await list(here.access).expect(200);
    expect(left.body.map((s: { id: string }) => s.id)).toEqual([sidOf(here.access)]);
    await end(here.access, sidOf(there.access)).expect(404, { error: 'not-found' }); // already ended
    await refresh(here.refresh).expect(200);
  });

  it('answers another account’s session exactly like a missing one (404), and leaves it alive', async () => {
    const me = await signIn(await createActiveUser(env.auth.url), USER_AGENTS.firefoxLinux);
    const someoneElse = await signIn(await createActiveUser(env.auth.url), USER_AGENTS.chromeWindows);
    const foreign = await end(me.access, sidOf(someoneElse.access)).expect(404);
    const missing = await end(me.access, '00000000-0000-4000-8000-000000000000').expect(404);
    const malformed = await end(me.access, 'not-a-session').expect(404);
    expect(foreign.body).toEqual(missing.body);
    expect(malformed.body).toEqual(missing.body);
    await refresh(someoneElse.refresh).expect(200);
  });

  it('ends all the other sessions and keeps the caller’s', async () => {
    const user = await createActiveUser(env.auth.url);
    const a = await signIn(user, USER_AGENTS.firefoxLinux);
    const b = await signIn(user, USER_AGENTS.safariIphone);
    const c = await signIn(user, USER_AGENTS.chromeWindows);
    await endOthers(b.access).expect(200, { ended: 2 });
    await refresh(a.refresh).expect(401);
    await refresh(c.refresh).expect(401);
    const left = await list(b.access).expect(200);
    expect(left.body).toHaveLength(1);
    expect(left.body[0]).toMatchObject({ id: sidOf(b.access), current: true });
    await endOthers(b.access).expect(200, { ended: 0 });
  });

  it('needs a signed-in session of an account that still exists', async () => {
    const gone = await createActiveUser(env.auth.url);
    const { access } = await signIn(gone, USER_AGENTS.firefoxLinux);
    await request(env.auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${access}`)
      .send({ current_password: gone.password })
      .expect(204);
    await list(access).expect(401, { detail: 'User not found', code: 'user_not_found' });
    await request(env.auth.url).get('/auth/sessions').expect(401);
    await request(env.auth.url).post('/auth/sessions/end-others').expect(401);
    await request(env.auth.url).delete('/auth/sessions/00000000-0000-4000-8000-000000000000').expect(401);
  });

  it('reads sessions through indexes (explain)', async () => {
    const user = await createActiveUser(env.auth.url);
    await signIn(user, USER_AGENTS.firefoxLinux);
    const tokens = env.mongo.db(env.auth.config.MONGODB_DB).collection('refresh_tokens');
    const plans = [
      await tokens.find({ userId: user.id, status: 'active' }).sort({ createdAt: -1 }).limit(50).explain('queryPlanner'),
      await tokens.find({ family: 'x', status: 'active' }).explain('queryPlanner'),
    ];
    for (const plan of plans) {
      const text = JSON.stringify(plan.queryPlanner?.winningPlan ?? plan);
      expect(text).toMatch(/IXSCAN/);
      expect(text).not.toMatch(/COLLSCAN/);
    }
  });

  describe('the notice of a sign-in from a new device', () => {
    it('is not sent for the very first sign-in nor for a known device; it is for another, in the account’s language', async () => {
      const user = await createActiveUser(env.auth.url, undefined, undefined, 'es');
      const mails = async () => (await mailsTo(user.email)).length; // the activation mail is #1
      await signIn(user, USER_AGENTS.firefoxLinux); // the first sign-in: nothing to compare with
      await signIn(user, USER_AGENTS.firefoxLinux.replace('133.0', '134.0')); // the same device (versions are not kept)
      await new Promise((r) => setTimeout(r, 500));
      expect(await mails()).toBe(1);
      await signIn(user, USER_AGENTS.safariIphone);
      const notice = await waitForMail(user.email, 2);
      expect(notice.subject).toBe('Nuevo inicio de sesión en tu cuenta de Pupitre');
      expect(notice.text).toContain('Safari en iOS (teléfono)');
      expect(notice.text).toContain('/settings');
      expect(notice.text).not.toMatch(/127\.0\.0\.1|::1|Mozilla/);
      await signIn(user, USER_AGENTS.safariIphone);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mails()).toBe(2);
    });
  });
});
