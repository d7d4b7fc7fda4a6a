// How the text checks read a comment: two normalisations, one for insults and threats (leetspeak
// decoded, repeated letters collapsed) and one for the identifying details (letters and digits as
// written, only accents and punctuation dropped). Zod-free: front ends bundle it cheaply.

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

/**
 * The words of a text as written, without accents or punctuation, case kept: `L'élève de 4ème B` →
 * `L eleve de 4eme B`. (`œ` and `æ` become `oe` and `ae`: `sœur` → `soeur`.)
 */
export function plainText(text: string): string {
  return text
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-zA-Z0-9]+/g, ' ')
    .trim();
}
