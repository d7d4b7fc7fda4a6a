// Issue #38, /settings: the signed-in user's own sessions, listed with a coarse device description
// (never the raw User-Agent), its sign-in month and its last use to the day; one or all the others
// ended there. Another account's session is answered as a missing one. And the e-mailed notice of a
// sign-in from a device the account had not used before (never on its very first sign-in).
import { MongoClient } from 'mongodb';
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, mailsTo, startAuth, waitForMail } from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('/auth/sessions', () => {
  let auth: AuthUnderTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    auth = await startAuth(__filename);
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });

  const signIn = async (user: { email: string; password: string }, userAgent: string) =>
    (await request(auth.url).post('/auth/token/').set('User-Agent', userAgent).send(user).expect(200)).body as {
      access: string;
      refresh: string;
    };
  const list = (access: string) => request(auth.url).get('/auth/sessions').set('Authorization', `Bearer ${access}`);
  const end = (access: string, id: string) => request(auth.url).delete(`/auth/sessions/${id}`).set('Authorization', `Bearer ${access}`);
  const endOthers = (access: string) => request(auth.url).post('/auth/sessions/end-others').set('Authorization', `Bearer ${access}`);
  const refresh = (token: string) => request(auth.url).post('/auth/token/refresh/').send({ refresh: token });
  const sidOf = (access: string): string => JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid;
  const today = () => new Date().toISOString().slice(0, 10);

  it('lists the caller’s sessions: device, browser, system, sign-in month, last use to the day; this one marked', async () => {
    const user = await createActiveUser(auth.url);
    const phone = await signIn(user, SAFARI_IPHONE);
    const laptop = await signIn(user, FIREFOX_LINUX);
    const other = await createActiveUser(auth.url);
    await signIn(other, CHROME_WINDOWS);

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
    const stored = await mongo.db(auth.config.MONGODB_DB).collection('refresh_tokens').find({ userId: user.id }).toArray();
    expect(JSON.stringify(stored)).not.toMatch(/Mozilla|Gecko|AppleWebKit/);
    expect(stored.every((r) => (r.lastUsedOn as Date).getTime() % 86_400_000 === 0)).toBe(true);
  });

  it('ends one session: its refresh token fails and its writes are refused; the caller’s goes on', async () => {
    const user = await createActiveUser(auth.url);
    const here = await signIn(user, FIREFOX_LINUX);
    const there = await signIn(user, SAFARI_IPHONE);
    await end(here.access, sidOf(there.access)).expect(204);
    await refresh(there.refresh).expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    await endOthers(there.access).expect(401); // a write with the ended session's access token
    const left = await list(here.access).expect(200);
    expect(left.body.map((s: { id: string }) => s.id)).toEqual([sidOf(here.access)]);
    await end(here.access, sidOf(there.access)).expect(404, { error: 'not-found' }); // already ended
    await refresh(here.refresh).expect(200);
  });

  it('answers another account’s session exactly like a missing one (404), and leaves it alive', async () => {
    const me = await signIn(await createActiveUser(auth.url), FIREFOX_LINUX);
    const someoneElse = await signIn(await createActiveUser(auth.url), CHROME_WINDOWS);
    const foreign = await end(me.access, sidOf(someoneElse.access)).expect(404);
    const missing = await end(me.access, '00000000-0000-4000-8000-000000000000').expect(404);
    const malformed = await end(me.access, 'not-a-session').expect(404);
    expect(foreign.body).toEqual(missing.body);
    expect(malformed.body).toEqual(missing.body);
    await refresh(someoneElse.refresh).expect(200);
  });

  it('ends all the other sessions and keeps the caller’s', async () => {
    const user = await createActiveUser(auth.url);
    const a = await signIn(user, FIREFOX_LINUX);
    const b = await signIn(user, SAFARI_IPHONE);
    const c = await signIn(user, CHROME_WINDOWS);
    await endOthers(b.access).expect(200, { ended: 2 });
    await refresh(a.refresh).expect(401);
    await refresh(c.refresh).expect(401);
    const left = await list(b.access).expect(200);
    expect(left.body).toHaveLength(1);
    expect(left.body[0]).toMatchObject({ id: sidOf(b.access), current: true });
    await endOthers(b.access).expect(200, { ended: 0 });
  });

  it('needs a signed-in session of an account that still exists', async () => {
    const gone = await createActiveUser(auth.url);
    const { access } = await signIn(gone, FIREFOX_LINUX);
    await request(auth.url)
      .delete('/auth/manage/users/me/')
      .set('Authorization', `Bearer ${access}`)
      .send({ current_password: gone.password })
      .expect(204);
    await list(access).expect(401, { detail: 'User not found', code: 'user_not_found' });
    await request(auth.url).get('/auth/sessions').expect(401);
    await request(auth.url).post('/auth/sessions/end-others').expect(401);
    await request(auth.url).delete('/auth/sessions/00000000-0000-4000-8000-000000000000').expect(401);
  });

  it('reads sessions through indexes (explain)', async () => {
    const user = await createActiveUser(auth.url);
    await signIn(user, FIREFOX_LINUX);
    const tokens = mongo.db(auth.config.MONGODB_DB).collection('refresh_tokens');
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
      const user = await createActiveUser(auth.url, undefined, undefined, 'es');
      const mails = async () => (await mailsTo(user.email)).length; // the activation mail is #1
      await signIn(user, FIREFOX_LINUX); // the first sign-in: nothing to compare with
      await signIn(user, FIREFOX_LINUX.replace('133.0', '134.0')); // the same device (versions are not kept)
      await new Promise((r) => setTimeout(r, 500));
      expect(await mails()).toBe(1);
      await signIn(user, SAFARI_IPHONE);
      const notice = await waitForMail(user.email, 2);
      expect(notice.subject).toBe('Nuevo inicio de sesión en tu cuenta de Pupitre');
      expect(notice.text).toContain('Safari en iOS (teléfono)');
      expect(notice.text).toContain('/settings');
      expect(notice.text).not.toMatch(/127\.0\.0\.1|::1|Mozilla/);
      await signIn(user, SAFARI_IPHONE);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mails()).toBe(2);
    });
  });
});
