// Server-side translation (issue #39): the composer and the remotes' renderers render a page's HTML
// in the visitor's language before any script runs. One ready i18next instance per language and
// set of namespaces, built once, synchronously, with every `common` catalogue bundled (a server
// bundle, never the browser's main.js: import it as `@pupitre/i18n/src/server`). The page's own
// instance (index.ts) is the browser's; a server render passes its instance through
// <I18nextProvider>, so concurrent requests in different languages never share one.
import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './index';
import common_en from './locales/common.en';
import common_es from './locales/common.es';
import common_fr from './locales/common.fr';

const COMMON: Record<Language, ResourceLanguage> = { fr: common_fr, es: common_es, en: common_en };

/**
 * A ready instance whose language is `lang`, with `common` and the given namespaces
 * (namespace → catalogue per language, as a remote passes them to `addNamespace`).
 */
export function createServerI18n(lang: Language, namespaces: Record<string, Record<Language, ResourceLanguage>> = {}): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((lng) => [
      lng,
      { common: COMMON[lng], ...Object.fromEntries(Object.entries(namespaces).map(([ns, byLang]) => [ns, byLang[lng]])) },
    ]),
  );
  // No initReactI18next: it would make this instance the page-wide default; renders pass it through
  // <I18nextProvider>.
  void instance.init({
    resources,
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common', ...Object.keys(namespaces)],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
