import { LANGUAGE_COOKIE, languageCookie, requestLanguage } from './language-cookie';

describe('the language cookie', () => {
  it('is a strictly necessary preference: the language only, for the whole site, a year, SameSite=Lax', () => {
    expect(languageCookie('es', false)).toBe(`${LANGUAGE_COOKIE}=es; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(languageCookie('en', true)).toMatch(/; Secure$/);
  });

  it('decides the language of a request: the cookie, else Accept-Language by quality, else French', () => {
    expect(requestLanguage('a=1; pupitre_lang=en; b=2', 'es')).toBe('en');
    expect(requestLanguage('pupitre_lang=de', 'es-MX,es;q=0.9')).toBe('es');
    expect(requestLanguage(undefined, 'de-DE, en;q=0.5, es;q=0.8')).toBe('es');
    expect(requestLanguage(undefined, 'de, it;q=0.5')).toBe('fr');
    expect(requestLanguage(undefined, 'en;q=0, es;q=0.1')).toBe('es');
    expect(requestLanguage('', '')).toBe('fr');
  });
});
