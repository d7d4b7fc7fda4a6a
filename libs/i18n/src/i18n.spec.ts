import en from './locales/common.en';
import es from './locales/common.es';
import fr from './locales/common.fr';
import { retry } from './retry';
import { loadLanguage, detectLanguage, findMissingKeys, i18n, initI18n, setLanguage, toLanguage, addNamespace } from './index';

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
  expect(findMissingKeys({ fr, es, en })).toEqual([]);
});

test('findMissingKeys reports missing and empty keys', () => {
  expect(findMissingKeys({ fr: { a: 'x', b: { c: 'y' } }, es: { a: '', b: {} }, en: { a: 'x', b: { c: 'z' }, d: 'w' } })).toEqual([
    'es: empty a',
    'es: missing b.c',
    'fr: missing d',
    'es: missing d',
  ]);
});

test("the spec's three texts missing in Spanish are provided", () => {
  expect(es.Error['404']).toBeTruthy();
  expect(es.Error['request-reset-password']).toBeTruthy();
  expect(es.Success['request-reset-password']).toBeTruthy();
});

describe('translation loading retries (up to 5, from 350 ms)', () => {
  test('retries with 350, 700, 1400… ms between attempts, then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await retry(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error('chunk failed');
        return 'ok';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(value).toBe('ok');
    expect(waits).toEqual([350, 700, 1400]);
  });

  test('gives up after 5 retries', async () => {
    const fn = jest.fn(async () => {
      throw new Error('down');
    });
    await expect(retry(fn, { sleep: async () => undefined })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(6);
  });

  test('real timers: the second attempt happens 350 ms later', async () => {
    jest.useFakeTimers();
    const fn = jest.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');
    const done = retry(fn);
    await jest.advanceTimersByTimeAsync(349);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });

  test('loadLanguage adds a catalogue loaded lazily', async () => {
    initI18n();
    i18n.removeResourceBundle('es', 'common');
    const load = jest.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue({ default: es });
    jest.useFakeTimers();
    const done = loadLanguage('es', load);
    await jest.advanceTimersByTimeAsync(350);
    await done;
    jest.useRealTimers();
    expect(i18n.hasResourceBundle('es', 'common')).toBe(true);
  });
});
