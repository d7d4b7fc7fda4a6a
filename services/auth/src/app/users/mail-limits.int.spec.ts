// Mail bombing: activation and reset mails per recipient are limited whatever the client address,
// and a request while a link is still valid sends that link again instead of a new one. The API
// answers never change (no account enumeration).
import { request } from '@pupitre/server-kit/testing';
import {
  lastResetMail,
  type AuthUnderTest,
  createActiveUser,
  GOOD_PASSWORD,
  linkParts,
  mailsTo,
  startAuth,
  uniqueEmail,
  waitForMail,
} from '../../testing/auth-test-kit';

jest.setTimeout(60_000);

const settle = () => new Promise((r) => setTimeout(r, 1000));

describe('mails per recipient', () => {
  let auth: AuthUnderTest;

  beforeAll(async () => {
    // Clients told apart by X-Forwarded-For, as behind the gateway; the production mail limit.
    auth = await startAuth(__filename, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await auth?.dispose();
  });

  const from = (i: number) => `198.51.100.${i}`;

  it('activation: at most 3 mails an hour to one address, from any number of client addresses; every answer is 204; they carry one link', async () => {
    const email = uniqueEmail('bombed');
    await request(auth.url)
      .post('/auth/manage/users/')
      .set('X-Forwarded-For', from(1))
      .send({ email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
      .expect(201);
    for (let i = 2; i <= 12; i++)
      await request(auth.url).post('/auth/manage/users/resend_activation/').set('X-Forwarded-For', from(i)).send({ email }).expect(204);
    await waitForMail(email, 3);
    await settle();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(3);
    const links = mails.map((m) => linkParts(m, 'activate'));
    expect(new Set(links.map((l) => l.token)).size).toBe(1);
    await request(auth.url).post('/auth/manage/users/activation/').send({ uid: links[0].uid, token: links[0].token }).expect(204);
  });

  it('reset: at most 3 mails an hour to one address; every answer is 204; they carry one link, which works', async () => {
    const user = await createActiveUser(auth.url);
    for (let i = 1; i <= 10; i++)
      await request(auth.url)
        .post('/auth/manage/users/reset_password/')
        .set('X-Forwarded-For', from(100 + i))
        .send({ email: user.email })
        .expect(204);
    await waitForMail(user.email, 4); // the activation mail, then three reset mails
    await settle();
    const resets = (await mailsTo(user.email)).slice(1);
    expect(resets).toHaveLength(3);
    const links = resets.map((m) => linkParts(m, 'password/reset/confirm'));
    expect(new Set(links.map((l) => l.token)).size).toBe(1);
    const fresh = 'Nouveau-cartable-2026';
    await request(auth.url)
      .post('/auth/manage/users/reset_password_confirm/')
      .send({ uid: links[0].uid, token: links[0].token, new_password: fresh, re_new_password: fresh })
      .expect(204);
  });

  it('a new link is made once the previous one is used up (password changed)', async () => {
    const user = await createActiveUser(auth.url);
    await request(auth.url).post('/auth/manage/users/reset_password/').send({ email: user.email }).expect(204);
    const first = linkParts(await waitForMail(user.email, 2), 'password/reset/confirm');
    const fresh = 'Nouveau-cartable-2026';
    await request(auth.url)
      .post('/auth/manage/users/reset_password_confirm/')
      .send({ uid: first.uid, token: first.token, new_password: fresh, re_new_password: fresh })
      .expect(204);
    await request(auth.url).post('/auth/manage/users/reset_password/').send({ email: user.email }).expect(204);
    // Mail #3 is the notice of the reset (issue #38), sent in the background: the link is in the last reset mail.
    const second = linkParts(await lastResetMail(user.email, 4), 'password/reset/confirm');
    expect(second.token).not.toBe(first.token);
  });
});
