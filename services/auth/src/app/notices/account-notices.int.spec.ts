// Issue #38: the account's owner is told by e-mail, in the account's language, when its password
// changes or is reset (the Google link and a new device are told in their own tests). A mail that
// cannot go out never fails the request.
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, linkParts, login, mailsTo, startAuth, waitForMail } from '../../testing/auth-test-kit';
import { Mailer } from '../mail/mailer.service';

jest.setTimeout(60_000);

const NEW_PASSWORD = 'Nouveau-cahier-2026';

describe('account notices', () => {
  let auth: AuthUnderTest;

  beforeAll(async () => {
    auth = await startAuth(__filename);
  });
  afterAll(async () => {
    await auth?.dispose();
  });

  it('tells of a password change, in the account’s language, with what to do if it was not them', async () => {
    const user = await createActiveUser(auth.url, undefined, undefined, 'es');
    const { access } = await login(auth.url, user.email, user.password);
    await request(auth.url)
      .post('/auth/manage/users/set_password/')
      .set('Authorization', `Bearer ${access}`)
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')
      .send({ current_password: user.password, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD })
      .expect(204);
    const notice = await waitForMail(user.email, 2);
    expect(notice.text).toContain('Firefox en Linux (ordenador)');
    expect(notice.text).not.toMatch(/Mozilla|Gecko/);
    expect(notice.subject).toBe('Se ha cambiado tu contraseña de Pupitre');
    expect(notice.text).toMatch(/Tus demás sesiones se han cerrado/);
    expect(notice.text).toMatch(/\/settings/);
    expect(notice.text).toMatch(/UTC/);
  });

  it('tells of a password reset, in the account’s language', async () => {
    const user = await createActiveUser(auth.url, undefined, undefined, 'fr');
    await request(auth.url).post('/auth/manage/users/reset_password/').send({ email: user.email }).expect(204);
    const { uid, token } = linkParts(await waitForMail(user.email, 2), 'password/reset/confirm');
    await request(auth.url)
      .post('/auth/manage/users/reset_password_confirm/')
      .send({ uid, token, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD })
      .expect(204);
    const notice = await waitForMail(user.email, 3);
    expect(notice.subject).toBe('Votre mot de passe Pupitre a été réinitialisé');
    expect(notice.html).toContain('lang="fr"');
  });

  it('never fails the request when the mail cannot go out', async () => {
    const user = await createActiveUser(auth.url, undefined, undefined, 'en');
    const mailer = auth.app.get(Mailer);
    const spy = jest.spyOn(mailer, 'deliver').mockRejectedValue(new Error('SMTP down'));
    try {
      const { access } = await login(auth.url, user.email, user.password);
      await request(auth.url)
        .post('/auth/manage/users/set_password/')
        .set('Authorization', `Bearer ${access}`)
        .send({ current_password: user.password, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD })
        .expect(204);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect(await mailsTo(user.email)).toHaveLength(1); // the activation mail only
  });
});
