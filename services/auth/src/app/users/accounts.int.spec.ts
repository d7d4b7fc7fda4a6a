// The account rows of the API contract (sign-up, activation, resend, reset, reset confirm, me,
// delete), each error included, against the real database, Redis and mail catcher.
import { USER_ERASED_JOB, USER_EVENTS_QUEUE, userErasedJobId } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { Queue } from 'bullmq';
import { request } from '@pupitre/server-kit/testing';
import {
  createActiveUser,
  GOOD_PASSWORD,
  lastResetMail,
  linkParts,
  login,
  mailsTo,
  uniqueEmail,
  useAuthAndDatabase,
  waitForMail,
} from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

describe('accounts (contract rows)', () => {
  const env = useAuthAndDatabase(__filename);
  const users = () => env.mongo.db(env.auth.config.MONGODB_DB).collection('users');

  describe('POST /auth/manage/users/', () => {
    const signup = (body: unknown) =>
      request(env.auth.url)
        .post('/auth/manage/users/')
        .send(body as object);

    it('creates an inactive account (201 {email, id}), stored normalised with a scrypt hash, and mails the activation link in its language', async () => {
      const email = uniqueEmail('New');
      const res = await signup({
        email: `  ${email.toUpperCase()} `,
        password: GOOD_PASSWORD,
        re_password: GOOD_PASSWORD,
        lang: 'es',
      }).expect(201);
      expect(res.body).toEqual({ email: email.toLowerCase(), id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const stored = await users().findOne({ email: email.toLowerCase() });
      expect(stored).toMatchObject({ isActive: false, lang: 'es', roles: ['user'], googleSub: null, createdAt: expect.any(Date) });
      expect(stored?.password).toMatch(/^\$scrypt\$ln=12,r=8,p=1\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{40,}$/);
      const mail = await waitForMail(email.toLowerCase());
      expect(mail.subject).toBe('Activa tu cuenta de Pupitre');
      const link = linkParts(mail, 'activate');
      expect(link.url).toBe(`http://localhost:8080/activate/${link.uid}/${link.token}/`);
      expect(Buffer.from(link.uid, 'base64url').toString()).toBe(res.body.id);
      expect(mail.html).toContain(`href="${link.url}"`);
    });

    it.each([
      ['fr', 'Activez votre compte Pupitre'],
      ['en', 'Activate your Pupitre account'],
      [undefined, 'Activez votre compte Pupitre'],
    ])('writes the activation mail in %s (default fr)', async (lang, subject) => {
      const email = uniqueEmail();
      await signup({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, ...(lang ? { lang } : {}) }).expect(201);
      expect((await waitForMail(email)).subject).toBe(subject);
    });

    it('names every missing field', async () => {
      const res = await signup({}).expect(400);
      expect(res.body).toEqual({
        email: ['This field is required.'],
        password: ['This field is required.'],
        re_password: ['This field is required.'],
      });
      await signup({ email: uniqueEmail(), password: GOOD_PASSWORD }).expect(400, { re_password: ['This field is required.'] });
    });

    it('refuses a bad e-mail format', async () => {
      await signup({ email: 'not-an-email', password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }).expect(400, {
        email: ['Enter a valid email address.'],
      });
      await signup({ email: 'a@b', password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }).expect(400, {
        email: ['Enter a valid email address.'],
      });
    });

    it('answers an array under email when the e-mail is taken (whatever its case)', async () => {
      const email = uniqueEmail();
      await signup({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }).expect(201);
      const res = await signup({ email: email.toUpperCase(), password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }).expect(400);
      expect(res.body).toEqual({ email: ['user with this email already exists.'] });
      expect(Array.isArray(res.body.email)).toBe(true);
    });

    it('applies the password rules with the exact messages', async () => {
      const email = uniqueEmail('marie.dupont');
      const check = async (password: string, messages: string[]) => {
        await signup({ email, password, re_password: password }).expect(400, { password: messages });
      };
      await check('short1', ['This password is too short. It must contain at least 12 characters.']);
      await check('1qaz2wsx3edc', ['This password is too common.']);
      await check('846291735501', ['This password is entirely numeric.']);
      await check('1234567', [
        'This password is too short. It must contain at least 12 characters.',
        'This password is too common.',
        'This password is entirely numeric.',
      ]);
      await check(email, ['The password is too similar to the email address.']);
      expect(await users().countDocuments({ email })).toBe(0);
    });

    it('refuses two different passwords with non_field_errors', async () => {
      await signup({ email: uniqueEmail(), password: GOOD_PASSWORD, re_password: `${GOOD_PASSWORD}!` }).expect(400, {
        non_field_errors: ["The two password fields didn't match."],
      });
    });

    it("stores a language outside fr/es/en as fr (older clients send the browser's), reads en-US as en", async () => {
      const german = uniqueEmail();
      await signup({ email: german, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, lang: 'de' }).expect(201);
      expect((await waitForMail(german)).subject).toBe('Activez votre compte Pupitre');
      const american = uniqueEmail();
      await signup({ email: american, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, lang: 'en-US' }).expect(201);
      expect((await waitForMail(american)).subject).toBe('Activate your Pupitre account');
      const odd = uniqueEmail();
      await signup({ email: odd, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, lang: 42 }).expect(201);
      expect((await waitForMail(odd)).subject).toBe('Activez votre compte Pupitre');
    });

    it('refuses non-string fields', async () => {
      await signup({ email: 42, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }).expect(400, { email: ['Not a valid string.'] });
      await signup([1, 2]).expect(400);
    });
  });

  describe('POST /auth/manage/users/activation/', () => {
    const activate = (body: unknown) =>
      request(env.auth.url)
        .post('/auth/manage/users/activation/')
        .send(body as object);

    it('activates (204), then answers 403 stale; an inactive account cannot log in before', async () => {
      const email = uniqueEmail();
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      await request(env.auth.url)
        .post('/auth/token/')
        .send({ email, password: GOOD_PASSWORD })
        .expect(401, { detail: 'No active account found with the given credentials' });
      const { uid, token } = linkParts(await waitForMail(email), 'activate');
      await activate({ uid, token }).expect(204);
      await activate({ uid, token }).expect(403, { detail: 'Stale token for given user.' });
      await login(env.auth.url, email, GOOD_PASSWORD);
    });

    it('answers 400 for missing fields, a bad uid and a bad token', async () => {
      await activate({}).expect(400, { uid: ['This field is required.'], token: ['This field is required.'] });
      await activate({ uid: 'garbage', token: 'x'.repeat(43) }).expect(400, { uid: ["Invalid user id or user doesn't exist."] });
      await activate({ uid: Buffer.from('0123456789abcdef01234567').toString('base64url'), token: 'x'.repeat(43) }).expect(400, {
        uid: ["Invalid user id or user doesn't exist."],
      });
      const email = uniqueEmail();
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      const { uid, token } = linkParts(await waitForMail(email), 'activate');
      await activate({ uid, token: `${token.slice(0, -2)}AA` }).expect(400, { token: ['Invalid token for given user.'] });
      await activate({ uid, token: 'short' }).expect(400, { token: ['Invalid token for given user.'] });
    });

    it('refuses an expired activation link', async () => {
      const email = uniqueEmail();
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      const { uid, token } = linkParts(await waitForMail(email), 'activate');
      await env.mongo
        .db(env.auth.config.MONGODB_DB)
        .collection('link_tokens')
        .updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await activate({ uid, token }).expect(400, { token: ['Invalid token for given user.'] });
    });
  });

  describe('POST /auth/manage/users/resend_activation/', () => {
    const resend = (body: unknown) =>
      request(env.auth.url)
        .post('/auth/manage/users/resend_activation/')
        .send(body as object);

    it('answers 204 whatever the e-mail; mails only an inactive account; the new link works', async () => {
      const email = uniqueEmail();
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      await waitForMail(email, 1);
      await resend({ email }).expect(204);
      const { uid, token } = linkParts(await waitForMail(email, 2), 'activate');
      await request(env.auth.url).post('/auth/manage/users/activation/').send({ uid, token }).expect(204);
      await resend({ email }).expect(204);
      const nobody = uniqueEmail('nobody');
      await resend({ email: nobody }).expect(204);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(email)).toHaveLength(2);
      expect(await mailsTo(nobody)).toHaveLength(0);
    });

    it('answers 400 for a bad format or a missing e-mail', async () => {
      await resend({ email: 'nope' }).expect(400, { email: ['Enter a valid email address.'] });
      await resend({}).expect(400, { email: ['This field is required.'] });
    });
  });

  describe('reset password', () => {
    const reset = (body: unknown) =>
      request(env.auth.url)
        .post('/auth/manage/users/reset_password/')
        .send(body as object);
    const confirm = (body: unknown) =>
      request(env.auth.url)
        .post('/auth/manage/users/reset_password_confirm/')
        .send(body as object);

    it('request → mail → confirm: the old password fails, the new one works, the link cannot be used twice, sessions die', async () => {
      const user = await createActiveUser(env.auth.url, uniqueEmail(), GOOD_PASSWORD, 'fr');
      const session = await login(env.auth.url, user.email, user.password);
      await reset({ email: user.email.toUpperCase() }).expect(204);
      const mail = await waitForMail(user.email, 2);
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe Pupitre');
      const { uid, token, url } = linkParts(mail, 'password/reset/confirm');
      expect(url).toBe(`http://localhost:8080/password/reset/confirm/${uid}/${token}/`);
      const fresh = 'Nouveau-cartable-2026';
      await confirm({ uid, token, new_password: fresh, re_new_password: fresh }).expect(204);
      await request(env.auth.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(401);
      await login(env.auth.url, user.email, fresh);
      await confirm({ uid, token, new_password: 'Encore-un-autre-99', re_new_password: 'Encore-un-autre-99' }).expect(400, {
        token: ['Invalid token for given user.'],
      });
      // A password change ends every session.
      await request(env.auth.url)
        .post('/auth/token/refresh/')
        .send({ refresh: session.refresh })
        .expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    });

    it('answers 204 for unknown and inactive accounts without mailing them', async () => {
      const inactive = uniqueEmail();
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email: inactive, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      await waitForMail(inactive);
      const nobody = uniqueEmail('nobody');
      await reset({ email: nobody }).expect(204);
      await reset({ email: inactive }).expect(204);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(nobody)).toHaveLength(0);
      expect(await mailsTo(inactive)).toHaveLength(1);
    });

    it('answers 400 for a bad format', async () => {
      await reset({ email: 'bad@' }).expect(400, { email: ['Enter a valid email address.'] });
      await reset({}).expect(400, { email: ['This field is required.'] });
    });

    it('confirm: every 400 (fields, uid, token, password rules, mismatch); a refused password leaves the link usable', async () => {
      const user = await createActiveUser(env.auth.url);
      await reset({ email: user.email }).expect(204);
      const { uid, token } = linkParts(await waitForMail(user.email, 2), 'password/reset/confirm');
      await confirm({}).expect(400, {
        uid: ['This field is required.'],
        token: ['This field is required.'],
        new_password: ['This field is required.'],
        re_new_password: ['This field is required.'],
      });
      const fresh = 'Nouveau-cartable-2026';
      await confirm({ uid: 'AAAA', token, new_password: fresh, re_new_password: fresh }).expect(400, {
        uid: ["Invalid user id or user doesn't exist."],
      });
      await confirm({ uid, token: 'x'.repeat(43), new_password: fresh, re_new_password: fresh }).expect(400, {
        token: ['Invalid token for given user.'],
      });
      await confirm({ uid, token, new_password: 'Xq7!', re_new_password: 'Xq7!' }).expect(400, {
        new_password: ['This password is too short. It must contain at least 12 characters.'],
      });
      await confirm({ uid, token, new_password: fresh, re_new_password: 'different-1234' }).expect(400, {
        non_field_errors: ["The two password fields didn't match."],
      });
      await confirm({ uid, token, new_password: fresh, re_new_password: fresh }).expect(204);
    });

    it('a reset link dies when the password changes by another link, and when it expires', async () => {
      const user = await createActiveUser(env.auth.url);
      await reset({ email: user.email }).expect(204);
      const first = linkParts(await waitForMail(user.email, 2), 'password/reset/confirm');
      await reset({ email: user.email }).expect(204);
      const second = linkParts(await waitForMail(user.email, 3), 'password/reset/confirm');
      await confirm({
        uid: second.uid,
        token: second.token,
        new_password: 'Nouveau-cartable-2026',
        re_new_password: 'Nouveau-cartable-2026',
      }).expect(204);
      await confirm({
        uid: first.uid,
        token: first.token,
        new_password: 'Encore-un-autre-99',
        re_new_password: 'Encore-un-autre-99',
      }).expect(400, { token: ['Invalid token for given user.'] });

      await reset({ email: user.email }).expect(204);
      // Mail #4 is the notice of the reset (issue #38), sent in the background: the link is in the last reset mail.
      const third = linkParts(await lastResetMail(user.email, 5), 'password/reset/confirm');
      await env.mongo
        .db(env.auth.config.MONGODB_DB)
        .collection('link_tokens')
        .updateMany({ purpose: 'reset' }, { $set: { expiresAt: new Date(Date.now() - 1) } });
      await confirm({
        uid: third.uid,
        token: third.token,
        new_password: 'Encore-un-autre-99',
        re_new_password: 'Encore-un-autre-99',
      }).expect(400, { token: ['Invalid token for given user.'] });
    });
  });

  describe('GET and DELETE /auth/manage/users/me/', () => {
    it('GET answers {email, id} with a valid access token, 401 without', async () => {
      const user = await createActiveUser(env.auth.url);
      const { access } = await login(env.auth.url, user.email, user.password);
      await request(env.auth.url)
        .get('/auth/manage/users/me/')
        .set('Authorization', `Bearer ${access}`)
        .expect(200, { email: user.email, id: user.id });
      await request(env.auth.url).get('/auth/manage/users/me/').expect(401, { detail: 'Authentication credentials were not provided.' });
      await request(env.auth.url)
        .get('/auth/manage/users/me/')
        .set('Authorization', 'Bearer nope')
        .expect(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    });

    it('DELETE: 400 on a wrong or missing password; 204 erases the account, its sessions and links, and queues user-erased', async () => {
      const user = await createActiveUser(env.auth.url);
      const { access, refresh } = await login(env.auth.url, user.email, user.password);
      const del = (body: unknown) =>
        request(env.auth.url)
          .delete('/auth/manage/users/me/')
          .set('Authorization', `Bearer ${access}`)
          .send(body as object);
      await del({ current_password: 'wrong-password-123' }).expect(400, { current_password: ['Invalid password.'] });
      await del({}).expect(400, { current_password: ['This field is required.'] });
      await request(env.auth.url).delete('/auth/manage/users/me/').send({ current_password: user.password }).expect(401);
      const before = Date.now();
      await del({ current_password: user.password }).expect(204);

      const db = env.mongo.db(env.auth.config.MONGODB_DB);
      expect(await users().countDocuments({ email: user.email })).toBe(0);
      expect(await db.collection('refresh_tokens').countDocuments({ userId: user.id })).toBe(0);
      expect(await db.collection('link_tokens').countDocuments({ userId: user.id })).toBe(0);
      await request(env.auth.url)
        .get('/auth/manage/users/me/')
        .set('Authorization', `Bearer ${access}`)
        .expect(401, { detail: 'User not found', code: 'user_not_found' });
      await request(env.auth.url)
        .post('/auth/token/refresh/')
        .send({ refresh })
        .expect(401, { detail: 'Token is invalid', code: 'token_not_valid' });
      await request(env.auth.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(401);

      const connection = createQueueConnection(env.auth.config.REDIS_URL);
      const queue = new Queue(USER_EVENTS_QUEUE, { connection, prefix: env.auth.config.QUEUE_PREFIX });
      try {
        const job = await queue.getJob(userErasedJobId(user.id));
        expect(job?.name).toBe(USER_ERASED_JOB);
        expect(job?.data).toEqual({ userId: user.id, erasedAt: expect.any(String) });
        expect(Date.parse(job?.data.erasedAt)).toBeGreaterThanOrEqual(before - 1000);
        expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
      } finally {
        await queue.close();
        connection.disconnect();
      }
      // The address is free again.
      await request(env.auth.url)
        .post('/auth/manage/users/')
        .send({ email: user.email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
    });
  });
});
