import { type Language } from '@pupitre/contracts';
import { type RenderedMail } from '../mail/notice-templates';

// The notices of the second factor (issue #38, items 3 and 6): turned on, turned off, a recovery
// code used. Each says what happened, when, and what to do if it was not the account's owner.

export type SecondFactorNotice = 'enabled' | 'disabled' | 'recovery-code-used';

const WORDS: Record<
  Language,
  Record<SecondFactorNotice, { subject: string; body: string }> & { unexpected: string; greeting: string; settings: string }
> = {
  fr: {
    greeting: 'Bonjour,',
    enabled: {
      subject: 'Double authentification activée',
      body: 'La double authentification vient d’être activée sur votre compte Pupitre : chaque connexion demandera désormais un code de votre application d’authentification.',
    },
    disabled: {
      subject: 'Double authentification désactivée',
      body: 'La double authentification vient d’être désactivée sur votre compte Pupitre : la connexion ne demande plus que votre mot de passe.',
    },
    'recovery-code-used': {
      subject: 'Un code de secours a été utilisé',
      body: 'Un code de secours vient d’être utilisé pour vous connecter à Pupitre. Chaque code ne sert qu’une fois ; il vous en reste {left}.',
    },
    unexpected: 'Si ce n’était pas vous, changez votre mot de passe tout de suite et écrivez-nous.',
    settings: 'Vos réglages :',
  },
  es: {
    greeting: 'Hola:',
    enabled: {
      subject: 'Verificación en dos pasos activada',
      body: 'Se acaba de activar la verificación en dos pasos en tu cuenta de Pupitre: cada inicio de sesión pedirá ahora un código de tu aplicación de autenticación.',
    },
    disabled: {
      subject: 'Verificación en dos pasos desactivada',
      body: 'Se acaba de desactivar la verificación en dos pasos en tu cuenta de Pupitre: para iniciar sesión solo se pide tu contraseña.',
    },
    'recovery-code-used': {
      subject: 'Se ha usado un código de recuperación',
      body: 'Se acaba de usar un código de recuperación para iniciar sesión en Pupitre. Cada código sirve una sola vez; te quedan {left}.',
    },
    unexpected: 'Si no fuiste tú, cambia tu contraseña ahora mismo y escríbenos.',
    settings: 'Tus ajustes:',
  },
  en: {
    greeting: 'Hello,',
    enabled: {
      subject: 'Two-step verification turned on',
      body: 'Two-step verification was just turned on for your Pupitre account: every sign-in will now ask for a code from your authenticator app.',
    },
    disabled: {
      subject: 'Two-step verification turned off',
      body: 'Two-step verification was just turned off for your Pupitre account: signing in now asks for your password only.',
    },
    'recovery-code-used': {
      subject: 'A recovery code was used',
      body: 'A recovery code was just used to sign in to Pupitre. Each code works once; you have {left} left.',
    },
    unexpected: 'If this was not you, change your password right away and write to us.',
    settings: 'Your settings:',
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A second-factor notice in `lang`: plain text and HTML, with a link to the settings page. */
export function renderSecondFactorNotice(
  lang: Language,
  notice: SecondFactorNotice,
  input: { settingsUrl: string; recoveryCodesLeft?: number },
): RenderedMail {
  const words = WORDS[lang];
  const body = words[notice].body.replace('{left}', String(input.recoveryCodesLeft ?? 0));
  const paragraphs = [body, words.unexpected];
  const text = [words.greeting, '', ...paragraphs.flatMap((p) => [p, '']), words.settings, input.settingsUrl, '', '— Pupitre'].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(words.greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p>${escapeHtml(words.settings)} <a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(input.settingsUrl)}</a></p>
<p>— Pupitre</p>
</body></html>`;
  return { subject: words[notice].subject, text, html };
}
