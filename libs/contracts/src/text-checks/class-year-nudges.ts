// Nudges that are not holds (docs/threat-model.md): what tells the author's class year without
// naming a class group. A bare class year in the comment ("En seconde…", "In Year 9…"), or a subject
// taught in one class year only (Philosophie: Terminale), tells anyone which class the author is in,
// and a class is a few dozen pupils. The form says so while the author writes and once more on
// submit; the review is published as usual if they keep it (the automatic validation holds only
// what identifyingDetails finds).
import { type IdentifyingDetail } from './identifying-details';
import { plainText } from './normalize';

export const NUDGE_KINDS = ['class-year', 'single-year-subject'] as const;
export type NudgeKind = (typeof NUDGE_KINDS)[number];
export interface NudgeDetail {
  kind: NudgeKind;
  words: string;
}

/** A numbered class year as one word: `4eme`, `3e`, `2nde`, `1ere`, `4o`, `Y9`. */
const NUMBERED_YEAR = /^([3-6](e|eme|em|ieme|me)|2(nde|nd|de)|1(ere|re)|[1-6](o|ro|do|to)|y([1-9]|1[0-3]))$/;
/** Class years in words: only after `en`, `de` or `in` ("en seconde", "de premiere", "in sixth form"): alone they are ordinary words. */
const WORD_YEARS = new Set([
  'sixieme',
  'cinquieme',
  'quatrieme',
  'troisieme',
  'seconde',
  'premiere',
  'terminale',
  'tle',
  'primero',
  'segundo',
  'tercero',
  'cuarto',
  'bachillerato',
]);
const BEFORE_WORD_YEAR = new Set(['en', 'de', 'in']);

/** The bare class years a comment names (empty: none). */
export function classYearMentions(text: string): NudgeDetail[] {
  const words = plainText(text.replace(/\b([a-zA-Z])['’]/g, '$1'))
    .split(' ')
    .filter(Boolean);
  const lower = words.map((w) => w.toLowerCase());
  const found: NudgeDetail[] = [];
  for (let i = 0; i < lower.length; i++) {
    const w = lower[i];
    if (/^[1-6](o|ro|do|to)?$/.test(w) && ['eso', 'bach', 'bachillerato'].includes(lower[i + 1] ?? '')) {
      found.push({ kind: 'class-year', words: words.slice(i, i + 2).join(' ') });
      i++;
    } else if (NUMBERED_YEAR.test(w)) found.push({ kind: 'class-year', words: words[i] });
    else if (WORD_YEARS.has(w) && BEFORE_WORD_YEAR.has(lower[i - 1] ?? ''))
      found.push({ kind: 'class-year', words: words.slice(i - 1, i + 1).join(' ') });
    else if (['year', 'form', 'grade'].includes(w) && /^([1-9]|1[0-3])$/.test(lower[i + 1] ?? ''))
      found.push({ kind: 'class-year', words: words.slice(i, i + 2).join(' ') });
  }
  const seen = new Set<string>();
  return found.filter((d) => !seen.has(d.words.toLowerCase()) && seen.add(d.words.toLowerCase()));
}

/**
 * Subjects of the French curriculum taught in one class year only, by their name without accents
 * (fr, es, en), with that year (0 Terminale … 6 Sixième): choosing one names the author's class.
 */
export const SINGLE_YEAR_SUBJECTS: Readonly<Record<string, number>> = {
  philosophie: 0,
  philosophy: 0,
  filosofia: 0,
  'grand oral': 0,
  snt: 2,
  'sciences numeriques et technologie': 2,
  'sciences numeriques': 2,
  'ciencias digitales y tecnologia': 2,
  'digital science and technology': 2,
};

/** The one class year a subject is taught in, when it is taught in one only (else null). */
export function singleYearOf(subjectName: string): number | null {
  return SINGLE_YEAR_SUBJECTS[plainText(subjectName).toLowerCase()] ?? null;
}

/** What the review form nudges about beyond identifyingDetails: bare class years in the comment, a single-year subject. */
export function classYearNudges(text: string, subjectName: string | null): NudgeDetail[] {
  const subject = subjectName && singleYearOf(subjectName) !== null ? [{ kind: 'single-year-subject' as const, words: subjectName }] : [];
  return [...subject, ...classYearMentions(text)];
}

/** Identifying details first (they hold a review), then the nudges (they do not). */
export type FormNudge = IdentifyingDetail | NudgeDetail;
