import { type AccountNoticeKind, deviceWords, renderAccountNotice } from './account-notices';

const links = { settings: 'https://pupitre.test/settings', reset: 'https://pupitre.test/auth' };
const at = new Date('2026-11-28T12:04:00Z');
const device = { kind: 'desktop', browser: 'Firefox', os: 'Linux' } as const;
const kinds: AccountNoticeKind[] = ['password-changed', 'password-reset', 'google-linked', 'new-device'];

describe('account notices', () => {
  it.each(kinds)('%s: in each language, when and what to do, never an address', (kind) => {
    const subjects = new Set<string>();
    for (const lang of ['fr', 'es', 'en'] as const) {
      const mail = renderAccountNotice(kind, lang, { at, device }, links);
      subjects.add(mail.subject);
      expect(mail.text).toContain('2026');
      expect(mail.text).toContain('UTC');
      expect(mail.text).toContain(links.settings);
      expect(mail.text).toContain(links.reset);
      expect(mail.html).toContain(`lang="${lang}"`);
      expect(mail.text).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
      expect(mail.text).toContain('Firefox');
    }
    expect(subjects.size).toBe(3);
  });

  it('names the device in words of the language', () => {
    expect(deviceWords('fr', device)).toBe('Firefox sous Linux (ordinateur)');
    expect(deviceWords('es', { kind: 'phone', browser: 'Safari', os: 'iOS' })).toBe('Safari en iOS (teléfono)');
    expect(deviceWords('en', { kind: 'unknown', browser: 'Other', os: 'Other' })).toBe('unknown browser (device)');
  });
});
