import { type DeviceDescription, type Language } from '@pupitre/contracts';
import { compose, type RenderedMail } from './notice-templates';

// Notices of changes to an account's security, in fr, es and en (issue #38): the password changed
// or was reset, Google was linked, a sign-in from a device not seen before. Each says when (UTC),
// on what kind of device (coarsely: never an address or a place) and what to do if it was not the
// account's owner. The second factor's notices are elsewhere.

export type AccountNoticeKind = 'password-changed' | 'password-reset' | 'google-linked' | 'new-device';

export interface AccountNoticeInput {
  at: Date;
  /** The device of the sign-in or of the change, when known. */
  device?: DeviceDescription;
}

/** Where the owner acts: /settings (change the password, end sessions), the sign-in page (reset it). */
export interface AccountNoticeLinks {
  settings: string;
  reset: string;
}

const LOCALE: Record<Language, string> = { fr: 'fr-FR', es: 'es-ES', en: 'en-GB' };

/** "28 novembre 2026 à 12:04 UTC" in the reader's language. */
export const noticeTime = (lang: Language, at: Date): string =>
  `${at.toLocaleString(LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

const KIND: Record<Language, Record<DeviceDescription['kind'], string>> = {
  fr: { phone: 'téléphone', tablet: 'tablette', desktop: 'ordinateur', unknown: 'appareil' },
  es: { phone: 'teléfono', tablet: 'tableta', desktop: 'ordenador', unknown: 'dispositivo' },
  en: { phone: 'phone', tablet: 'tablet', desktop: 'computer', unknown: 'device' },
};
const OTHER: Record<Language, string> = { fr: 'navigateur inconnu', es: 'navegador desconocido', en: 'unknown browser' };
const ON: Record<Language, string> = { fr: 'sous', es: 'en', en: 'on' };

/** "Firefox sous Linux (ordinateur)": the browser, the system, the device family, in the reader's language. */
export function deviceWords(lang: Language, device: DeviceDescription): string {
  const browser = device.browser === 'Other' ? OTHER[lang] : device.browser;
  const system = device.os === 'Other' ? '' : ` ${ON[lang]} ${device.os}`;
  return `${browser}${system} (${KIND[lang][device.kind]})`;
}

interface Copy {
  subject: string;
  what: (when: string, device: string | null) => string;
}

const COPY: Record<Language, Record<AccountNoticeKind, Copy>> = {
  fr: {
    'password-changed': {
      subject: 'Votre mot de passe Pupitre a été modifié',
      what: (when, device) =>
        `Le mot de passe de votre compte a été modifié le ${when}${device ? `, depuis : ${device}` : ''}. Vos autres sessions ont été fermées.`,
    },
    'password-reset': {
      subject: 'Votre mot de passe Pupitre a été réinitialisé',
      what: (when, device) =>
        `Le mot de passe de votre compte a été réinitialisé avec un lien envoyé par e-mail, le ${when}${device ? `, depuis : ${device}` : ''}. Toutes vos sessions ont été fermées.`,
    },
    'google-linked': {
      subject: 'Google est désormais relié à votre compte Pupitre',
      what: (when, device) =>
        `Votre compte a été relié à un compte Google le ${when}${device ? `, depuis : ${device}` : ''}. Vous pouvez maintenant vous connecter avec Google.`,
    },
    'new-device': {
      subject: 'Nouvelle connexion à votre compte Pupitre',
      what: (when, device) =>
        `Une connexion à votre compte a eu lieu le ${when} depuis un appareil inconnu jusqu’ici : ${device ?? 'appareil inconnu'}.`,
    },
  },
  es: {
    'password-changed': {
      subject: 'Se ha cambiado tu contraseña de Pupitre',
      what: (when, device) =>
        `La contraseña de tu cuenta se cambió el ${when}${device ? `, desde: ${device}` : ''}. Tus demás sesiones se han cerrado.`,
    },
    'password-reset': {
      subject: 'Se ha restablecido tu contraseña de Pupitre',
      what: (when, device) =>
        `La contraseña de tu cuenta se restableció con un enlace enviado por correo el ${when}${device ? `, desde: ${device}` : ''}. Todas tus sesiones se han cerrado.`,
    },
    'google-linked': {
      subject: 'Google está ahora vinculado a tu cuenta de Pupitre',
      what: (when, device) =>
        `Tu cuenta se vinculó a una cuenta de Google el ${when}${device ? `, desde: ${device}` : ''}. Ahora puedes iniciar sesión con Google.`,
    },
    'new-device': {
      subject: 'Nuevo inicio de sesión en tu cuenta de Pupitre',
      what: (when, device) =>
        `Se inició sesión en tu cuenta el ${when} desde un dispositivo que no habíamos visto: ${device ?? 'dispositivo desconocido'}.`,
    },
  },
  en: {
    'password-changed': {
      subject: 'Your Pupitre password was changed',
      what: (when, device) =>
        `The password of your account was changed on ${when}${device ? `, from: ${device}` : ''}. Your other sessions were signed out.`,
    },
    'password-reset': {
      subject: 'Your Pupitre password was reset',
      what: (when, device) =>
        `The password of your account was reset with an e-mailed link on ${when}${device ? `, from: ${device}` : ''}. All your sessions were signed out.`,
    },
    'google-linked': {
      subject: 'Google is now linked to your Pupitre account',
      what: (when, device) =>
        `Your account was linked to a Google account on ${when}${device ? `, from: ${device}` : ''}. You can now sign in with Google.`,
    },
    'new-device': {
      subject: 'New sign-in to your Pupitre account',
      what: (when, device) =>
        `Someone signed in to your account on ${when} from a device we had not seen before: ${device ?? 'unknown device'}.`,
    },
  },
};

const IF_YOU: Record<Language, { ok: string; notYou: (reset: string) => string; action: string }> = {
  fr: {
    ok: 'Si c’était vous, vous n’avez rien à faire.',
    notYou: (reset) =>
      `Si ce n’était pas vous, changez votre mot de passe tout de suite et fermez les sessions que vous ne reconnaissez pas, dans vos paramètres (lien ci-dessous). Si vous ne pouvez plus vous connecter, réinitialisez votre mot de passe depuis la page de connexion : ${reset}`,
    action: 'Ouvrir mes paramètres',
  },
  es: {
    ok: 'Si fuiste tú, no tienes que hacer nada.',
    notYou: (reset) =>
      `Si no fuiste tú, cambia tu contraseña ahora mismo y cierra las sesiones que no reconozcas, en tus ajustes (enlace abajo). Si ya no puedes iniciar sesión, restablece tu contraseña desde la página de inicio de sesión: ${reset}`,
    action: 'Abrir mis ajustes',
  },
  en: {
    ok: 'If this was you, there is nothing to do.',
    notYou: (reset) =>
      `If this was not you, change your password now and end the sessions you do not recognise, in your settings (link below). If you can no longer sign in, reset your password from the sign-in page: ${reset}`,
    action: 'Open my settings',
  },
};

/** The notice of `kind` in `lang`: subject, text and HTML. */
export function renderAccountNotice(
  kind: AccountNoticeKind,
  lang: Language,
  input: AccountNoticeInput,
  links: AccountNoticeLinks,
): RenderedMail {
  const copy = COPY[lang][kind];
  const tell = IF_YOU[lang];
  const device = input.device ? deviceWords(lang, input.device) : null;
  return compose(lang, copy.subject, [copy.what(noticeTime(lang, input.at), device), tell.ok, tell.notYou(links.reset)], {
    url: links.settings,
    action: tell.action,
  });
}
