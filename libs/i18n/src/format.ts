// Numbers and dates as the reader's language writes them: "8,6" in French and Spanish, "8.6" in
// English; "il y a 3 jours", "hace 3 días", "3 days ago". Every screen formats through these, so a
// rating never shows as "8.0" on a French page.
import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;

// Building an Intl formatter costs far more than using one (a long list of ratings formats
// hundreds of values at load): each language and option set is built once.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `value` with exactly `digits` decimals in `lang` (8.46 → "8,5" in fr, "8.5" in en). */
export function formatDecimal(value: number, lang: string, digits = 1): string {
  return cached(
    `decimal|${lang}|${digits}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(value);
}

/** A whole percent 0–100 in `lang` ("60 %" in fr, "60%" in en). */
export function formatPercent(percent: number, lang: string): string {
  return cached(`percent|${lang}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 })).format(
    Math.round(percent) / 100,
  );
}

/** A day as `lang` writes it in full ("23 novembre 2026"); the text itself when it is no date. */
export function formatDay(iso: string, lang: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : cached(`day|${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })).format(date);
}

/**
 * A month as `lang` writes it ("novembre 2026", "noviembre de 2026", "November 2026"): how public
 * reviews are dated (to the month, so that the day tells nothing of their author). The text itself
 * when it is no date.
 */
export function formatMonth(iso: string, lang: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : cached(`month|${lang}`, () => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(date);
}

/** A moment with its time ("23 nov. 2026, 14:05"), in the reader's time zone. */
export function formatMoment(at: number, lang: string): string {
  return cached(`moment|${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(at));
}

/** When something happens later today ("14:05"), or on another day with its date ("24 nov. 2026, 07:00"): the reader's zone. */
export function formatSoon(iso: string, lang: string, now: number = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = new Date(now).toDateString() === at.toDateString();
  return sameDay
    ? cached(`time|${lang}`, () => new Intl.DateTimeFormat(lang, { timeStyle: 'short' })).format(at)
    : formatMoment(at.getTime(), lang);
}

/**
 * How long ago a day was, in whole calendar days (public dates are days, UTC): "aujourd’hui",
 * "hier", "il y a 5 jours", then weeks, months and years. Null when `iso` is no date.
 */
export function relativeDay(iso: string, lang: string, now: number = Date.now()): string | null {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const today = Math.floor(now / DAY_MS);
  const days = Math.max(0, today - Math.floor(then / DAY_MS));
  const format = cached(`relative|${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  if (days < 7) return format.format(-days, 'day');
  if (days < 30) return format.format(-Math.floor(days / 7), 'week');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}

export interface Formatters {
  lang: string;
  decimal: (value: number, digits?: number) => string;
  percent: (percent: number) => string;
  day: (iso: string) => string;
  month: (iso: string) => string;
  moment: (at: number) => string;
  soon: (iso: string) => string;
  relativeDay: (iso: string) => string | null;
}

/** The formatters of the page's current language (re-rendered when it changes). */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'fr';
  return {
    lang,
    decimal: (value, digits) => formatDecimal(value, lang, digits),
    percent: (percent) => formatPercent(percent, lang),
    day: (iso) => formatDay(iso, lang),
    month: (iso) => formatMonth(iso, lang),
    moment: (at) => formatMoment(at, lang),
    soon: (iso) => formatSoon(iso, lang),
    relativeDay: (iso) => relativeDay(iso, lang),
  };
}
