// The text checks of the automatic validation that decide on their own (services/rating's
// validation/text-checks.ts turns them into a verdict): personal data, threats, insults.
import { normalizeForMatching } from './normalize';
import { OFFENSIVE_WORDS, THREAT_PHRASES, THREAT_WORDS } from './word-lists';

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
