import { REPLY_TEXT_MAX, REPLY_TEXT_PATTERN, TEXT_RATING_MAX, TEXT_RATING_PATTERN, type ModerationReason } from '@pupitre/contracts';
import { OFFENSIVE_WORDS, THREAT_PHRASES, THREAT_WORDS } from './word-lists';

export type Verdict = { action: 'publish' } | { action: 'hold' | 'reject'; reason: ModerationReason };

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

const isLetter = (c: string | undefined) => c !== undefined && /[a-z]/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9@$!|]/.test(c);

/** A leet character stands for a letter inside a word (`$h1t`), not in `15 sur 20` or a final `!`. */
function leetInWord(all: string, i: number): boolean {
  const before = all[i - 1];
  const after = all[i + 1];
  if (/[0-9]/.test(all[i])) return isLetter(before) || isLetter(after);
  return isWordChar(after) && (isLetter(after) || isLetter(before) || /[0-9@$!|]/.test(after));
}

/** Lower case, no accents, leetspeak decoded, runs of the same letter collapsed: `C0NNNAAARD` → `conard`. */
export function normalizeForMatching(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[0134578@$!|]/g, (c, i: number, all: string) => (leetInWord(all, i) ? LEET[c] : c))
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each word normalised like the text, so the lists and the text meet. */
const OFFENSIVE = new Set(Object.values(OFFENSIVE_WORDS).flat().map(normalizeForMatching));
const THREAT_WORD_SET = new Set(THREAT_WORDS.map(normalizeForMatching));
const THREATS = THREAT_PHRASES.map(normalizeForMatching);

/** Words of the normalised text, plus what runs of single letters spell (`a f u c k` → `fuck`). */
function candidateWords(normalized: string): string[] {
  const words = normalized.split(' ').filter(Boolean);
  const spelt: string[] = [];
  const flush = (run: string) => {
    for (let i = 0; i < run.length; i++) for (let j = i + 2; j <= run.length; j++) spelt.push(run.slice(i, j).replace(/([a-z])\1+/g, '$1'));
  };
  let run = '';
  for (const w of words) {
    if (w.length === 1) run += w;
    else {
      if (run.length > 1) flush(run.slice(0, 40));
      run = '';
    }
  }
  if (run.length > 1) flush(run.slice(0, 40));
  return [...words, ...spelt];
}

const TLDS = 'com|fr|es|org|net|io|co|uk|de|eu|info|biz|me|tv|ly|gg|app|dev|xyz|edu|gov|be|ch|ca|mx|ar|cl|pe|us';
const URL_PATTERN = new RegExp(
  `\\b(https?|www)\\b|\\b[a-z0-9-]{2,}\\.(${TLDS})\\b|\\b[a-z0-9-]{2,}\\s(dot|punto|point)\\s(${TLDS})\\b`,
  'i',
);
const EMAIL_WORDS = /\b[a-z0-9._-]{2,}\s+(at|arobase|arroba)\s+[a-z0-9-]{2,}\s*(\.|dot|punto|point)\s*[a-z]{2,}\b/i;
const MAIL_PROVIDERS = /\b(gmail|hotmail|outlook|yahoo|icloud|protonmail|live|orange|free|laposte|wanadoo|sfr)\b/i;
const SOCIAL_HANDLES = /\b(instagram|insta|snapchat|tiktok|whatsapp|telegram)\b\s*[a-z0-9._]{3,}/i;

/** Phone numbers: 8 or more digits, possibly grouped by spaces, dots or commas (06 12 34 56 78, +34 612 345 678). */
function hasPhoneNumber(text: string): boolean {
  const groups = text.match(/\d[\d .,]{6,}\d/g) ?? [];
  return groups.some((g) => g.replace(/\D/g, '').length >= 8);
}

/** E-mail addresses (also spelt out), phone numbers, URLs and social handles. */
export function hasPersonalData(text: string): boolean {
  if (/@/.test(text)) return true;
  if (hasPhoneNumber(text)) return true;
  if (URL_PATTERN.test(text)) return true;
  if (EMAIL_WORDS.test(text)) return true;
  if (MAIL_PROVIDERS.test(text) && /\b(at|arobase|arroba|dot|punto|point|mail|correo|email)\b/i.test(text)) return true;
  return SOCIAL_HANDLES.test(text);
}

export function hasThreat(text: string): boolean {
  const normalized = normalizeForMatching(text);
  const padded = ` ${normalized} `;
  if (THREATS.some((phrase) => padded.includes(` ${phrase} `))) return true;
  return candidateWords(normalized).some((w) => THREAT_WORD_SET.has(w));
}

export function hasOffensiveLanguage(text: string): boolean {
  return candidateWords(normalizeForMatching(text)).some((w) => OFFENSIVE.has(w));
}

/**
 * The automatic validation of a review's comment, run by the worker when its delay is over:
 * - characters outside the contract's set → reject (`text-rating-forbidden-characters`);
 * - personal data (e-mail, phone number, URL, social handle) → reject (`personal-data`): the author edits it out;
 * - a threat → hold for a moderator (`threat`): a person decides, the school may need to know;
 * - insults in fr/es/en → reject (`offensive-language`).
 */
export function validateReviewText(text: string): Verdict {
  if (text.length > TEXT_RATING_MAX || !TEXT_RATING_PATTERN.test(text))
    return { action: 'reject', reason: 'text-rating-forbidden-characters' };
  if (!text.trim()) return { action: 'publish' };
  if (hasPersonalData(text)) return { action: 'reject', reason: 'personal-data' };
  if (hasThreat(text)) return { action: 'hold', reason: 'threat' };
  if (hasOffensiveLanguage(text)) return { action: 'reject', reason: 'offensive-language' };
  return { action: 'publish' };
}

/**
 * The automatic checks of a teacher's reply: the same as a review's (personal data → reject,
 * threats → hold, insults → reject), on its own character set (accents allowed, up to REPLY_TEXT_MAX).
 */
export function validateReplyText(text: string): Verdict {
  if (text.length > REPLY_TEXT_MAX || !REPLY_TEXT_PATTERN.test(text))
    return { action: 'reject', reason: 'text-rating-forbidden-characters' };
  if (hasPersonalData(text)) return { action: 'reject', reason: 'personal-data' };
  if (hasThreat(text)) return { action: 'hold', reason: 'threat' };
  if (hasOffensiveLanguage(text)) return { action: 'reject', reason: 'offensive-language' };
  return { action: 'publish' };
}
