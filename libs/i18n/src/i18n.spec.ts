import { commonResources, detectLanguage, findMissingKeys, i18n, initI18n, setLanguage, toLanguage, addNamespace } from './index';

beforeEach(() => localStorage.clear());

describe('detectLanguage', () => {
  test('the stored language wins', () => {
    expect(detectLanguage('es', ['en-US'])).toBe('es');
  });
  test('an invalid stored value is ignored', () => {
    expect(detectLanguage('de', ['en-GB'])).toBe('en');
  });
  test('first visit: the first supported browser language', () => {
    expect(detectLanguage(null, ['de-DE', 'es-MX', 'en'])).toBe('es');
  });
  test('fallback fr', () => {
    expect(detectLanguage(null, ['de', 'it'])).toBe('fr');
    expect(detectLanguage(null, [])).toBe('fr');
  });
  test('reads local storage `lang` and navigator by default', () => {
    localStorage.setItem('lang', 'en');
    expect(detectLanguage()).toBe('en');
    localStorage.clear();
    expect(detectLanguage()).toBe(toLanguage(navigator.language) ?? 'fr');
  });
});

test('one shared instance: init is idempotent, setLanguage switches and persists', async () => {
  const first = initI18n('fr');
  expect(initI18n('en')).toBe(first);
  expect(i18n.t('remote.retry')).toBe('Réessayer');
  await setLanguage('es');
  expect(localStorage.getItem('lang')).toBe('es');
  expect(i18n.t('remote.unavailable')).toBe('Esta sección no está disponible en este momento.');
  expect(document.documentElement.lang).toBe('es');
  await setLanguage('en');
  expect(i18n.t('remote.unavailable')).toBe('This section is unavailable right now.');
});

test('a remote adds its own namespace to the shared instance', async () => {
  initI18n();
  addNamespace('demo', { fr: { hello: 'Bonjour' }, es: { hello: 'Hola' }, en: { hello: 'Hello' } });
  await setLanguage('es');
  expect(i18n.t('hello', { ns: 'demo' })).toBe('Hola');
});

test('the common catalogues have the same keys in fr, es and en', () => {
  expect(findMissingKeys(commonResources)).toEqual([]);
});

test('findMissingKeys reports missing and empty keys', () => {
  expect(findMissingKeys({ fr: { a: 'x', b: { c: 'y' } }, es: { a: '', b: {} }, en: { a: 'x', b: { c: 'z' }, d: 'w' } })).toEqual([
    'es: empty a',
    'es: missing b.c',
    'fr: missing d',
    'es: missing d',
  ]);
});
