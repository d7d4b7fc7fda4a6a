// The visitor's language as a strictly necessary preference cookie (issue #39): the composer
// renders a page's HTML in it, before any script runs. It holds only `fr`, `es` or `en`, is
// readable by the page's scripts (it is no secret) and is named in the cookie policy.
import type { Language } from './index';

export const LANGUAGE_COOKIE = 'pupitre_lang';
const ONE_YEAR_S = 365 * 24 * 3600;
const LANGUAGES: readonly string[] = ['fr', 'es', 'en'];

/** The `Set-Cookie`-style text the page writes to `document.cookie` when its language is known. */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Writes the cookie in the browser (nothing elsewhere; never throws). */
export function rememberLanguage(lang: Language): void {
  try {
    if (typeof document === 'undefined') return;
    document.cookie = languageCookie(lang, globalThis.location?.protocol === 'https:');
  } catch {
    // cookies disabled: the server renders in the browser's language instead
  }
}

/**
 * The language to render a request in: the cookie when valid, else the first supported language of
 * `Accept-Language` (by quality, then order), else French.
 */
export function requestLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && LANGUAGES.includes(value)) return value as Language;
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split(/[-_]/)[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0 && LANGUAGES.includes(entry.base))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked[0]?.base as Language | undefined) ?? 'fr';
}
