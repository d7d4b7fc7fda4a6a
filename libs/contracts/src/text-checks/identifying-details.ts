// The nudge before a comment gives its author away (issue #28): does a comment seem to identify its
// author or another pupil? A class group ("4eme B", "en seconde 3"), a first name, a family tie
// ("ma fille", "mi hijo", "my son"), a date or a precise event. The review form warns with it while
// the author writes and again on submit (without blocking); the automatic validation holds such a
// review for a moderator's look (`identifying-details`). One function for both, zod-free.
import { CLASS_YEARS, EVENTS, FAMILY_TIES, FAMOUS_PEOPLE, FIRST_NAMES, MONTHS, RELATIVE_DAYS, TITLES, WEEKDAYS } from './identifying-words';
import { plainText } from './normalize';

export const IDENTIFYING_KINDS = ['class-group', 'first-name', 'family-tie', 'date-or-event'] as const;
export type IdentifyingKind = (typeof IDENTIFYING_KINDS)[number];

/** One thing in a comment that may identify someone, and the words that say it (accents and punctuation dropped). */
export interface IdentifyingDetail {
  kind: IdentifyingKind;
  words: string;
}

const all = (lists: Record<string, readonly string[]>) => new Set(Object.values(lists).flat());
const NAMES = all(FIRST_NAMES);
const TITLE_SET = new Set([...TITLES, 'm']);
const FAMOUS = new Set(FAMOUS_PEOPLE);
const MONTH_SET = all(MONTHS);
const WEEKDAY_SET = all(WEEKDAYS);
const YEAR_WORDS = new Set([...CLASS_YEARS.fr, ...CLASS_YEARS.es]);
const EN_YEAR_WORDS = new Set([...CLASS_YEARS.en, 'yr']);
const PHRASES: [IdentifyingKind, string[]][] = [
  ['family-tie', [...all(FAMILY_TIES)]],
  ['date-or-event', [...all(EVENTS), ...all(RELATIVE_DAYS)]],
];
/** Between a class year and its group: "4o de ESO B", "1 bachillerato A", "Year 10 set 2". */
const CLASS_FILLERS = new Set(['de', 'del', 'eso', 'bach', 'bachillerato', 'primaria', 'set', 'group', 'groupe', 'grupo']);
/** After a number, a unit: "en seconde 2 fois par semaine" names no class. */
const UNITS = new Set([
  'an',
  'ans',
  'anos',
  'dias',
  'fois',
  'h',
  'heure',
  'heures',
  'horas',
  'hour',
  'hours',
  'jours',
  'min',
  'minutes',
  'minutos',
  'points',
  'pts',
  'semaines',
  'semanas',
  'sur',
  'times',
  'veces',
  'weeks',
  'years',
]);
const LAST = new Set(['dernier', 'derniere', 'passe', 'pasado', 'pasada']);
const DAY_OF_MONTH = /^([1-9]|[12][0-9]|3[01])(er|st|nd|rd|th|o)?$/;

/** A numbered class year, written as one word: `4eme`, `4e`, `2nde`, `1ere`, `4o`, `3ro`, `Y9`. */
const NUMBERED_YEAR = /^([3-6](e|eme|em|ieme|me)|2(nde|nd|de)|1(ere|re|er)|[1-6](o|ro|do|er|ero|to)|y([1-9]|1[0-3]))$/;
/** Year and group in one word: `4B`, `4eB`, `10C`, `2ndeA`. */
const GLUED_CLASS = /^([1-9]|1[0-3]|[3-6](e|eme)|2nde|1ere)[A-H]$/;

/**
 * A class group after a year: an upper-case letter A–H, a lower-case one b–h unless a vowel follows
 * (`a` is a word; `c est`, `d abord`, `e Ignacio` are words too), or a digit not followed by a unit.
 */
function isGroup(word: string | undefined, next: string | undefined): boolean {
  if (!word) return false;
  if (/^[A-H]$/.test(word) || /^[A-H][1-9]$/.test(word)) return true;
  if (/^[b-h]$/.test(word)) return !next || !/^[aeiouyh]/i.test(next);
  return /^[1-9]$/.test(word) && !(next && UNITS.has(next.toLowerCase()));
}

/** A title's period ends no clause: `M. Lucas`, `Mrs. Evans`. */
const TITLE_DOT = /\b(M|Mr|Mrs|Ms|Dr|Mme|Mlle|Pr|Prof|Sr|Sra|Srta)\./gi;

/** The words of each clause (split at punctuation), case kept, elisions joined (`c'etait` → `cetait`). */
function clausesOf(text: string): string[][] {
  return text
    .replace(TITLE_DOT, '$1 ')
    .replace(/\b([a-zA-Z])['’]/g, '$1')
    .split(/[,.;:!?()"«»]+/)
    .map((clause) => plainText(clause).split(' ').filter(Boolean))
    .filter((words) => words.length > 0);
}

/** Where a class year starts at `i`: how many words it takes (0: none). */
function classYearAt(lower: string[], i: number): number {
  const w = lower[i];
  if (NUMBERED_YEAR.test(w) || YEAR_WORDS.has(w)) return 1;
  // "Year 9", "form 4", and "4 ESO", "1 bach"
  if (EN_YEAR_WORDS.has(w) && /^([1-9]|1[0-3])$/.test(lower[i + 1] ?? '')) return 2;
  if (/^[1-6]$/.test(w) && ['eso', 'bach', 'bachillerato'].includes(lower[i + 1] ?? '')) return 2;
  return 0;
}

function classGroups(words: string[], lower: string[], found: IdentifyingDetail[]): void {
  for (let i = 0; i < words.length; i++) {
    if (GLUED_CLASS.test(words[i])) {
      found.push({ kind: 'class-group', words: words[i] });
      continue;
    }
    const year = classYearAt(lower, i);
    if (!year) continue;
    let j = i + year;
    while (j < words.length && j < i + year + 2 && CLASS_FILLERS.has(lower[j]) && !isGroup(words[j], words[j + 1])) j++;
    if (isGroup(words[j], words[j + 1])) found.push({ kind: 'class-group', words: words.slice(i, j + 1).join(' ') });
  }
}

/** Whether word `i` belongs to a famous person's name (up to five words around it). */
function isFamous(lower: string[], i: number): boolean {
  for (let from = Math.max(0, i - 4); from <= i; from++)
    for (let to = i + 1; to <= Math.min(lower.length, from + 5); to++) if (FAMOUS.has(lower.slice(from, to).join(' '))) return true;
  return false;
}

function firstNames(words: string[], lower: string[], found: IdentifyingDetail[]): void {
  for (let i = 0; i < words.length; i++) {
    if (!NAMES.has(lower[i])) continue;
    if (i > 0 && TITLE_SET.has(lower[i - 1])) continue; // the teacher: M. Lucas, Mrs Evans
    if (/^[IVXL]+$/.test(words[i + 1] ?? '')) continue; // Louis XIV
    if (isFamous(lower, i)) continue; // Victor Hugo, Isaac Newton
    found.push({ kind: 'first-name', words: words[i] });
  }
}

function dates(words: string[], lower: string[], found: IdentifyingDetail[]): void {
  const add = (from: number, to: number) => found.push({ kind: 'date-or-event', words: words.slice(from, to + 1).join(' ') });
  for (let i = 0; i < lower.length; i++) {
    const w = lower[i];
    const next = lower[i + 1];
    if (DAY_OF_MONTH.test(w)) {
      if (next && MONTH_SET.has(next)) add(i, i + 1);
      else if (next === 'de' && MONTH_SET.has(lower[i + 2] ?? '')) add(i, i + 2);
      else if (next === 'of' && MONTH_SET.has(lower[i + 2] ?? '')) add(i, i + 2);
    } else if (MONTHS.en.includes(w) && next && DAY_OF_MONTH.test(next) && words[i][0] === words[i][0].toUpperCase()) {
      add(i, i + 1); // "March 12th" (capitalised: "may 2" is a verb)
    } else if (WEEKDAY_SET.has(w) && next && (LAST.has(next) || DAY_OF_MONTH.test(next))) {
      add(i, i + 1); // "lundi dernier", "lunes pasado", "mardi 12"
    } else if ((w === 'last' || w === 'past') && next && WEEKDAY_SET.has(next)) {
      add(i, i + 1); // "last Friday"
    }
  }
}

function phrases(lower: string[], found: IdentifyingDetail[]): void {
  const padded = ` ${lower.join(' ')} `;
  for (const [kind, list] of PHRASES) for (const phrase of list) if (padded.includes(` ${phrase} `)) found.push({ kind, words: phrase });
}

/** A written date: `12.03.2026`, `12-03-26`. */
const NUMERIC_DATE = /\b([0-2]?[0-9]|3[01])[.-](0?[1-9]|1[0-2])[.-]([0-9]{2}|[0-9]{4})\b/g;

/**
 * What in `text` may identify its author or another pupil, in the order of the kinds (empty: an
 * ordinary comment). It reads the three languages at once: a comment may mix them.
 */
export function identifyingDetails(text: string): IdentifyingDetail[] {
  const found: IdentifyingDetail[] = [];
  for (const match of text.matchAll(NUMERIC_DATE)) found.push({ kind: 'date-or-event', words: match[0] });
  for (const words of clausesOf(text)) {
    const lower = words.map((w) => w.toLowerCase());
    classGroups(words, lower, found);
    firstNames(words, lower, found);
    dates(words, lower, found);
    phrases(lower, found);
  }
  const seen = new Set<string>();
  return IDENTIFYING_KINDS.flatMap((kind) =>
    found.filter((d) => d.kind === kind && !seen.has(`${kind}|${d.words.toLowerCase()}`) && seen.add(`${kind}|${d.words.toLowerCase()}`)),
  );
}

/** Whether a comment seems to identify someone (the automatic validation then holds it for a moderator). */
export const identifiesSomeone = (text: string): boolean => identifyingDetails(text).length > 0;
