import { renderSecondFactorNotice, type SecondFactorNotice } from './second-factor-mails';

describe('second-factor notices', () => {
  const notices: SecondFactorNotice[] = ['enabled', 'disabled', 'recovery-code-used'];

  it.each(['fr', 'es', 'en'] as const)('are written in %s, with the settings link and what to do if it was not the owner', (lang) => {
    const subjects = notices.map((n) =>
      renderSecondFactorNotice(lang, n, { settingsUrl: 'https://x.test/settings', recoveryCodesLeft: 4 }),
    );
    expect(new Set(subjects.map((m) => m.subject)).size).toBe(3);
    for (const mail of subjects) {
      expect(mail.text).toContain('https://x.test/settings');
      expect(mail.html).toContain('href="https://x.test/settings"');
      expect(mail.html).toContain(`lang="${lang}"`);
    }
    expect(subjects[2].text).toContain('4');
  });

  it('escapes the link in HTML', () => {
    const mail = renderSecondFactorNotice('en', 'enabled', { settingsUrl: 'https://x.test/"><script>' });
    expect(mail.html).not.toContain('<script>');
  });
});
