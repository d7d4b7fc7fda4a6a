import { type Language } from '@pupitre/contracts';

export type MailKind = 'activation' | 'reset';

interface Copy {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}

const COPY: Record<Language, Record<MailKind, Copy>> = {
  fr: {
    activation: {
      subject: 'Activez votre compte Pupitre',
      greeting: 'Bonjour,',
      body: 'Merci de vous être inscrit sur Pupitre. Pour activer votre compte, ouvrez le lien ci-dessous :',
      action: 'Activer mon compte',
      expiry: 'Ce lien est valable 7 jours et ne sert qu’une fois.',
      ignore: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
    },
    reset: {
      subject: 'Réinitialisation de votre mot de passe Pupitre',
      greeting: 'Bonjour,',
      body: 'Vous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous :',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Ce lien est valable 3 jours et ne sert qu’une fois.',
      ignore: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
    },
  },
  es: {
    activation: {
      subject: 'Activa tu cuenta de Pupitre',
      greeting: 'Hola:',
      body: 'Gracias por registrarte en Pupitre. Para activar tu cuenta, abre el enlace siguiente:',
      action: 'Activar mi cuenta',
      expiry: 'Este enlace es válido durante 7 días y solo sirve una vez.',
      ignore: 'Si no te has registrado tú, ignora este mensaje.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Pupitre',
      greeting: 'Hola:',
      body: 'Has pedido restablecer tu contraseña. Elige una nueva con el enlace siguiente:',
      action: 'Elegir una nueva contraseña',
      expiry: 'Este enlace es válido durante 3 días y solo sirve una vez.',
      ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    },
  },
  en: {
    activation: {
      subject: 'Activate your Pupitre account',
      greeting: 'Hello,',
      body: 'Thank you for signing up to Pupitre. To activate your account, open the link below:',
      action: 'Activate my account',
      expiry: 'This link is valid for 7 days and works only once.',
      ignore: 'If you did not sign up, ignore this message.',
    },
    reset: {
      subject: 'Reset your Pupitre password',
      greeting: 'Hello,',
      body: 'You asked to reset your password. Choose a new one with the link below:',
      action: 'Choose a new password',
      expiry: 'This link is valid for 3 days and works only once.',
      ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The e-mail for `kind` in `lang`: subject, plain text and HTML, with `link` in both bodies. */
export function renderMail(kind: MailKind, lang: Language, link: string): { subject: string; text: string; html: string } {
  const c = COPY[lang][kind];
  const text = [c.greeting, '', c.body, '', link, '', c.expiry, c.ignore, '', '— Pupitre'].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(c.greeting)}</p>
<p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(c.action)}</a></p>
<p style="font-size:small">${escapeHtml(link)}</p>
<p style="font-size:small;color:#555">${escapeHtml(c.expiry)} ${escapeHtml(c.ignore)}</p>
<p>— Pupitre</p>
</body></html>`;
  return { subject: c.subject, text, html };
}
