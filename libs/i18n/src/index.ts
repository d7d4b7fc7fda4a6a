// The one i18next instance of the whole page. It is shared as a Module Federation singleton, so the
// shell and every micro-frontend translate with it: one language switch reaches all of them. The
// shell's strings live in the `common` namespace; each micro-frontend adds its own namespace from
// its `routes` module with `addNamespace`.
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession, updateSession } from '@pupitre/session';
import type { CommonCatalogue } from './locales/common.en';
import { rememberLanguage } from './language-cookie';
import { retry } from './retry';

export { retry, TRANSLATION_RETRIES, TRANSLATION_RETRY_DELAY_MS } from './retry';
export { LANGUAGE_COOKIE, languageCookie, rememberLanguage, requestLanguage } from './language-cookie';

export const SUPPORTED_LANGUAGES = ['fr', 'es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'fr';
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', es: 'Español', en: 'English' };

/**
 * The `common` catalogues load lazily, out of main.js, the three in one chunk (`i18n-common`,
 * about 7 KB gzip): the page's language is known only once a script runs, so its page preloads
 * the chunk beside main.js, and one request instead of three keeps the first requests within a
 * browser's six connections per host over HTTP/1.1 (three chunks queued main.js behind them:
 * +0.6 s to its start with real throttling, issue #16). Under jest (NODE_ENV "test", never in a
 * build) they are all available synchronously.
 */
const commonLoaders: Record<Language, () => Promise<{ default: CommonCatalogue }>> = {
  fr: () => import(/* webpackChunkName: "i18n-common" */ './locales/common.fr'),
  es: () => import(/* webpackChunkName: "i18n-common" */ './locales/common.es'),
  en: () => import(/* webpackChunkName: "i18n-common" */ './locales/common.en'),
};

function bundledForTests(): Partial<Record<Language, CommonCatalogue>> {
  if (process.env.NODE_ENV !== 'test') return {};
  /* eslint-disable @typescript-eslint/no-require-imports -- jest only: dead code in every build */
  return {
    fr: (require('./locales/common.fr') as { default: CommonCatalogue }).default,
    es: (require('./locales/common.es') as { default: CommonCatalogue }).default,
    en: (require('./locales/common.en') as { default: CommonCatalogue }).default,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** `es-MX` → `es`; anything unsupported → null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/**
 * The stored language (`lang` in local storage) when valid; otherwise the first supported browser
 * language (first visit); otherwise French.
 */
export function detectLanguage(
  stored: string | null = getSession().lang,
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

export const i18n = i18next.createInstance();

/**
 * Initialises the shared instance once (synchronously, with whatever catalogues are already
 * available: all of them under jest, none in the browser until `loadLanguage`). Idempotent.
 */
export function initI18n(lang: Language = detectLanguage()): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const resources: Resource = {};
  for (const [lng, catalogue] of Object.entries(bundledForTests())) resources[lng] = { common: catalogue };
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    partialBundledLanguages: true,
  });
  syncDocumentLanguage(lang);
  i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng));
  return i18n;
}

/**
 * Makes sure the `common` catalogue of `lang` is loaded (its own chunk), retrying a failed load
 * up to 5 times from 350 ms (spec, section 9).
 */
export async function loadLanguage(lang: Language, load = commonLoaders[lang]): Promise<void> {
  initI18n();
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const mod = await retry(load);
  i18n.addResourceBundle(lang, 'common', mod.default, true, true);
}

/**
 * The `common` catalogue of `lang` (its own chunk): for a server renderer's own i18next instances
 * (issue #39), which translate outside the page's shared instance.
 */
export async function loadCommonCatalogue(lang: Language): Promise<CommonCatalogue> {
  const bundled = bundledForTests()[lang];
  return bundled ?? (await retry(commonLoaders[lang])).default;
}

/** Start-up: initialises the instance in the detected language and loads its catalogue. */
export async function startI18n(lang: Language = detectLanguage()): Promise<typeof i18n> {
  initI18n(lang);
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  return i18n;
}

/** The page's `lang`, and the cookie the server renders the next pages in. */
function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  if (isLanguage(lng)) rememberLanguage(lng);
}

/** Switches the page's language and stores it (`lang`) for the next visits. */
export async function setLanguage(lang: Language): Promise<void> {
  updateSession({ lang });
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

/**
 * Adds a micro-frontend's namespace to the shared instance (all three languages). Safe to call
 * more than once (a remote loaded again after a retry): bundles are deep-merged.
 */
export function addNamespace(ns: string, resources: Record<Language, ResourceLanguage>): void {
  initI18n();
  for (const lng of SUPPORTED_LANGUAGES) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}

/**
 * Keys present in one catalogue and missing (or of another kind, or empty) in another. Every
 * namespace's test runs it over its fr/es/en catalogues: a missing translation fails the build.
 */
export function findMissingKeys(catalogues: Record<string, unknown>): string[] {
  const paths = (value: unknown, prefix = ''): Map<string, string> => {
    const out = new Map<string, string>();
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (child && typeof child === 'object') for (const [p, k] of paths(child, path)) out.set(p, k);
        else out.set(path, typeof child === 'string' && child.trim() !== '' ? 'string' : 'empty');
      }
    }
    return out;
  };
  const all = Object.entries(catalogues).map(([lng, catalogue]) => [lng, paths(catalogue)] as const);
  const keys = new Set(all.flatMap(([, map]) => [...map.keys()]));
  const problems: string[] = [];
  for (const key of [...keys].sort()) {
    for (const [lng, map] of all) {
      const kind = map.get(key);
      if (kind === undefined) problems.push(`${lng}: missing ${key}`);
      else if (kind !== 'string') problems.push(`${lng}: empty ${key}`);
    }
  }
  return problems;
}

export { findUnusedKeys, catalogueKeys } from './unused-keys';
export type { CommonCatalogue };
export type { ResourceLanguage };
export { formatDay, formatDecimal, formatMoment, formatMonth, formatPercent, relativeDay, useFormat, type Formatters } from './format';
