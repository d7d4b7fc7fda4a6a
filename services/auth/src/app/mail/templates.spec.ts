import { renderMail } from './templates';

describe('mail templates', () => {
  it.each(['fr', 'es', 'en'] as const)('renders activation and reset in %s with the link in text and HTML', (lang) => {
    for (const kind of ['activation', 'reset'] as const) {
      const link = 'http://localhost:8080/activate/abc/def/';
      const mail = renderMail(kind, lang, link);
      expect(mail.subject).toMatch(/Pupitre/);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(`lang="${lang}"`);
    }
  });

  it('speaks the language', () => {
    expect(renderMail('activation', 'fr', 'x').subject).toBe('Activez votre compte Pupitre');
    expect(renderMail('activation', 'es', 'x').subject).toBe('Activa tu cuenta de Pupitre');
    expect(renderMail('reset', 'en', 'x').subject).toBe('Reset your Pupitre password');
  });

  it('escapes the link in HTML', () => {
    expect(renderMail('reset', 'en', 'http://x/"><script>').html).not.toContain('<script>');
  });
});
