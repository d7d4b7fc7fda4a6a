// The strength of a new password, estimated by zxcvbn-ts (@zxcvbn-ts/core, MIT) against its common
// dictionaries (passwords, keyboard patterns) and the words of the reader's language. Those weigh
// hundreds of KB: they are never in a page's first load, only fetched (as their own chunks) once
// someone focuses or types in a new-password field. The measured bytes are in mfe-account/README.md.
// The language lists are imported file by file (the packs have no `exports` map; their versions are
// pinned): see wordsOf.
import type { OptionsDictionary } from '@zxcvbn-ts/core';

/** zxcvbn's score: 0 (guessed in moments) to 4 (very hard to guess). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthCheck = (password: string, userInputs?: string[]) => StrengthScore;

/** Beyond this length, zxcvbn's matching slows down for nothing: the score of the start is kept. */
const MAX_CHECKED = 64;

type Words = { default: string[] };
type Sequences = { default: Record<string, string[]> };

/**
 * The words of the reader's language that passwords are most often built on: its common words,
 * first names and number words (each pack's own lists; its Wikipedia and last-name lists, the
 * largest half of it, are left out: the common passwords of language-common matter more).
 */
async function wordsOf(lang: string): Promise<OptionsDictionary> {
  const suffix = lang === 'es' ? 'es-es' : lang === 'en' ? 'en' : 'fr';
  const [common, names, sequences] = (await (lang === 'es'
    ? Promise.all([
        import(/* webpackChunkName: "password-words-es" */ '@zxcvbn-ts/language-es-es/dist/commonWords.json.cjs'),
        import(/* webpackChunkName: "password-words-es" */ '@zxcvbn-ts/language-es-es/dist/firstnames.json.cjs'),
        import(/* webpackChunkName: "password-words-es" */ '@zxcvbn-ts/language-es-es/dist/wordSequences.json.cjs'),
      ])
    : lang === 'en'
      ? Promise.all([
          import(/* webpackChunkName: "password-words-en" */ '@zxcvbn-ts/language-en/dist/commonWords.json.cjs'),
          import(/* webpackChunkName: "password-words-en" */ '@zxcvbn-ts/language-en/dist/firstnames.json.cjs'),
          import(/* webpackChunkName: "password-words-en" */ '@zxcvbn-ts/language-en/dist/wordSequences.json.cjs'),
        ])
      : Promise.all([
          import(/* webpackChunkName: "password-words-fr" */ '@zxcvbn-ts/language-fr/dist/commonWords.json.cjs'),
          import(/* webpackChunkName: "password-words-fr" */ '@zxcvbn-ts/language-fr/dist/firstnames.json.cjs'),
          import(/* webpackChunkName: "password-words-fr" */ '@zxcvbn-ts/language-fr/dist/wordSequences.json.cjs'),
        ]))) as [Words, Words, Sequences];
  return { [`commonWords-${suffix}`]: common.default, [`firstnames-${suffix}`]: names.default, ...sequences.default };
}

const loading = new Map<string, Promise<StrengthCheck>>();

/** The checker for `lang`, loaded once (its chunks are fetched on the first call). */
export function loadStrengthCheck(lang: string): Promise<StrengthCheck> {
  let check = loading.get(lang);
  if (!check) {
    check = Promise.all([
      import(/* webpackChunkName: "password-strength" */ '@zxcvbn-ts/core'),
      import(/* webpackChunkName: "password-strength-common" */ '@zxcvbn-ts/language-common'),
      wordsOf(lang),
    ]).then(([{ ZxcvbnFactory }, common, words]) => {
      const zxcvbn = new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...words },
        graphs: common.adjacencyGraphs,
        useLevenshteinDistance: true,
      });
      return (password, userInputs = []) => zxcvbn.check(password.slice(0, MAX_CHECKED), userInputs).score as StrengthScore;
    });
    // A failed load (offline) is tried again next time.
    check.catch(() => loading.delete(lang));
    loading.set(lang, check);
  }
  return check;
}

/** What a password should not be built on, from an e-mail address: the address, its local part and the words in it. */
export function emailWords(email: string | null | undefined): string[] {
  const address = (email ?? '').trim().toLowerCase();
  if (!address) return [];
  const local = address.split('@')[0];
  return [...new Set([address, local, ...local.split(/[._+-]+/).filter((w) => w.length >= 3)])];
}
