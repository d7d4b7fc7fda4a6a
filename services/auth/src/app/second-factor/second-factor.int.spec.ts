// Issue #38, item 3: a second factor (TOTP, RFC 6238) with 10 single-use recovery codes stored
// hashed. Enrolment (QR code, then a first code), the sign-in's second step (stateless: the client
// sends the code with the credentials), no replay of a code, recovery codes once each, disabling,
// new recovery codes, and the notice e-mails in the account's language.
import { decodeJwt } from 'jose';
import { request } from '@pupitre/server-kit/testing';
import { createActiveUser, login, mailsTo, startAuth, useAuthAndDatabase, waitForMail } from '../../testing/auth-test-kit';
import { enrolSecondFactor, STEP_MS, totpAt } from '../../testing/second-factor-kit';

jest.setTimeout(60_000);

describe('the second factor', () => {
  const env = useAuthAndDatabase(__filename);

  const factors = () => env.mongo.db(env.auth.config.MONGODB_DB).collection<{ _id: string } & Record<string, unknown>>('second_factors');
  const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });
  const signIn = (email: string, password: string, extra: object = {}) =>
    request(env.auth.url)
      .post('/auth/token/')
      .send({ email, password, ...extra });

  it('enrols with the password, a QR code and a first code; answers the 10 recovery codes once', async () => {
    const user = await createActiveUser(env.auth.url);
    const { access } = await login(env.auth.url, user.email, user.password);
    await request(env.auth.url).get('/auth/second-factor').set(bearer(access)).expect(200, { enabled: false, recovery_codes_left: 0 });
    await request(env.auth.url)
      .post('/auth/second-factor/enrolment')
      .set(bearer(access))
      .send({ password: 'not the password' })
      .expect(400, { error: 'wrong-password', detail: 'the current password is wrong' });
    const { body } = await request(env.auth.url)
      .post('/auth/second-factor/enrolment')
      .set(bearer(access))
      .send({ password: user.password })
      .expect(200);
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.otpauth_url).toBe(`otpauth://totp/Pupitre:${encodeURIComponent(user.email)}?secret=${body.secret}&issuer=Pupitre`);
    expect(Buffer.from(body.qr_svg.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    // Pending: signing in still needs the password only.
    await signIn(user.email, user.password).expect(200);
    await request(env.auth.url).post('/auth/second-factor/confirm').set(bearer(access)).send({ code: '000000' }).expect(400);
    const confirmed = await request(env.auth.url)
      .post('/auth/second-factor/confirm')
      .set(bearer(access))
      .send({ code: await totpAt(body.secret) })
      .expect(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    await request(env.auth.url).get('/auth/second-factor').set(bearer(access)).expect(200, { enabled: true, recovery_codes_left: 10 });
    // The secret is never answered again.
    await request(env.auth.url)
      .post('/auth/second-factor/enrolment')
      .set(bearer(access))
      .send({ password: user.password })
      .expect(400, { error: 'already-enabled', detail: 'the second factor is already on' });
    // Stored hashed: no recovery code appears in the record.
    const stored = await factors().findOne({ _id: user.id });
    expect(stored?.status).toBe('enabled');
    const record = JSON.stringify(stored);
    for (const code of confirmed.body.recovery_codes as string[]) {
      expect(record).not.toContain(code);
      expect(record).not.toContain(code.replace('-', ''));
    }
    expect((stored?.recoveryCodes as string[]).every((h) => /^[A-Za-z0-9_-]{43}$/.test(h))).toBe(true);
  });

  it('asks for a code at sign-in, takes it once, and the session carries it (amr) through refreshes', async () => {
    const user = await createActiveUser(env.auth.url);
    const { secret } = await enrolSecondFactor(env.auth.url, (await login(env.auth.url, user.email, user.password)).access, user.password);
    await signIn(user.email, user.password).expect(401, {
      detail: 'A code from the authenticator app (or a recovery code) is required.',
      code: 'mfa_required',
    });
    await signIn('nobody@example.org', user.password, { otp: '123456' }).expect(401, {
      detail: 'No active account found with the given credentials',
    });
    await signIn(user.email, 'wrong password here', { otp: await totpAt(secret) }).expect(401, {
      detail: 'No active account found with the given credentials',
    });
    await signIn(user.email, user.password, { otp: '000000' }).expect(401, {
      detail: 'The code is wrong or was already used.',
      code: 'mfa_invalid',
    });
    const code = await totpAt(secret, Date.now() + STEP_MS);
    const { body } = await signIn(user.email, user.password, { otp: code }).expect(200);
    expect(decodeJwt(body.access).amr).toEqual(['mfa', 'otp']);
    // The same code again (a replay within its window) is refused, and so is an older step's.
    await signIn(user.email, user.password, { otp: code }).expect(401, {
      detail: 'The code is wrong or was already used.',
      code: 'mfa_invalid',
    });
    await signIn(user.email, user.password, { otp: await totpAt(secret) }).expect(401);
    const refreshed = await request(env.auth.url).post('/auth/token/refresh/').send({ refresh: body.refresh }).expect(200);
    expect(decodeJwt(refreshed.body.access).amr).toEqual(['mfa', 'otp']);
    // A session without the second factor has no amr.
    const member = await createActiveUser(env.auth.url);
    expect(decodeJwt((await login(env.auth.url, member.email, member.password)).access).amr).toBeUndefined();
  });

  it('takes each recovery code once, tells the owner, and turns off with one', async () => {
    const user = await createActiveUser(env.auth.url, undefined, undefined, 'es');
    const { recoveryCodes } = await enrolSecondFactor(
      env.auth.url,
      (await login(env.auth.url, user.email, user.password)).access,
      user.password,
    );
    expect((await waitForMail(user.email, 2)).subject).toBe('Verificación en dos pasos activada');
    const [first, second] = recoveryCodes;
    const { body } = await signIn(user.email, user.password, { recovery_code: first.toUpperCase() }).expect(200);
    expect(decodeJwt(body.access).amr).toEqual(['mfa', 'otp']);
    await signIn(user.email, user.password, { recovery_code: first }).expect(401, {
      detail: 'The code is wrong or was already used.',
      code: 'mfa_invalid',
    });
    const used = await waitForMail(user.email, 3);
    expect(used.subject).toBe('Se ha usado un código de recuperación');
    expect(used.text).toContain('te quedan 9');
    await request(env.auth.url).get('/auth/second-factor').set(bearer(body.access)).expect(200, { enabled: true, recovery_codes_left: 9 });
    await request(env.auth.url).post('/auth/second-factor/disable').set(bearer(body.access)).send({ code: '123456' }).expect(400);
    await request(env.auth.url).post('/auth/second-factor/disable').set(bearer(body.access)).send({ recovery_code: second }).expect(204);
    expect((await waitForMail(user.email, 5)).subject).toBe('Verificación en dos pasos desactivada');
    // The session opened with it no longer carries it from its next refresh.
    const refreshed = await request(env.auth.url).post('/auth/token/refresh/').send({ refresh: body.refresh }).expect(200);
    expect(decodeJwt(refreshed.body.access).amr).toBeUndefined();
    expect(await factors().findOne({ _id: user.id })).toBeNull();
    await signIn(user.email, user.password).expect(200);
  });

  it('gives new recovery codes for a current code: the old ones die', async () => {
    const user = await createActiveUser(env.auth.url, undefined, undefined, 'fr');
    const { access } = await login(env.auth.url, user.email, user.password);
    const { secret, recoveryCodes } = await enrolSecondFactor(env.auth.url, access, user.password);
    await request(env.auth.url).post('/auth/second-factor/recovery-codes').set(bearer(access)).send({ code: '111111' }).expect(400, {
      error: 'invalid-code',
      detail: 'wrong code',
    });
    // The step the enrolment used is spent: the next one.
    const fresh = await request(env.auth.url)
      .post('/auth/second-factor/recovery-codes')
      .set(bearer(access))
      .send({ code: await totpAt(secret, Date.now() + STEP_MS) })
      .expect(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    await signIn(user.email, user.password, { recovery_code: recoveryCodes[0] }).expect(401);
    await signIn(user.email, user.password, { recovery_code: fresh.body.recovery_codes[0] }).expect(200);
    await waitForMail(user.email, 3);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      'Activez votre compte Pupitre',
      'Double authentification activée',
      'Un code de secours a été utilisé',
    ]);
  });

  it('turns off with a current code, in English', async () => {
    const user = await createActiveUser(env.auth.url, undefined, undefined, 'en');
    const { access } = await login(env.auth.url, user.email, user.password);
    const { secret } = await enrolSecondFactor(env.auth.url, access, user.password);
    await request(env.auth.url)
      .post('/auth/second-factor/disable')
      .set(bearer(access))
      .send({ code: await totpAt(secret, Date.now() + STEP_MS) })
      .expect(204);
    await request(env.auth.url).get('/auth/second-factor').set(bearer(access)).expect(200, { enabled: false, recovery_codes_left: 0 });
    const off = await waitForMail(user.email, 3);
    expect(off.subject).toBe('Two-step verification turned off');
    expect(off.text).toContain('/settings');
    await request(env.auth.url).post('/auth/second-factor/disable').set(bearer(access)).send({ code: '123456' }).expect(400);
  });

  it('backs off wrong codes like wrong passwords (429), per account and address', async () => {
    const throttled = await startAuth(`${__filename}-throttle`, { THROTTLE_LOGIN_FAILURES: '3', THROTTLE_LOGIN_DELAY: '30s' });
    try {
      const user = await createActiveUser(throttled.url);
      const { access } = await login(throttled.url, user.email, user.password);
      await enrolSecondFactor(throttled.url, access, user.password);
      for (let i = 0; i < 3; i += 1)
        await request(throttled.url).post('/auth/token/').send({ email: user.email, password: user.password, otp: '000000' }).expect(401);
      const res = await request(throttled.url)
        .post('/auth/token/')
        .send({ email: user.email, password: user.password, otp: '000000' })
        .expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The codes typed in the settings draw from the same back-off.
      await request(throttled.url).post('/auth/second-factor/disable').set(bearer(access)).send({ code: '000000' }).expect(429);
    } finally {
      await throttled.dispose();
    }
  });
});
