// The strength of a new password, estimated by zxcvbn-ts (@zxcvbn-ts/core, MIT) against its common
// dictionaries (passwords, keyboard patterns) and the words of the reader's language. Those weigh
// hundreds of KB: they are never in a page's first load, only fetched (as their own chunks) once
// someone focuses or types in a new-password field. The measured bytes are in mfe-account/README.md.
import type { OptionsDictionary } from '@zxcvbn-ts/core';

/** zxcvbn's score: 0 (guessed in moments) to 4 (very hard to guess). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthCheck = (password: string, userInputs?: string[]) => StrengthScore;

/** Beyond this length, zxcvbn's matching slows down for nothing: the score of the start is kept. */
const MAX_CHECKED = 64;

function wordsOf(lang: string): Promise<{ dictionary: OptionsDictionary }> {
  if (lang === 'es') return import(/* webpackChunkName: "password-words-es" */ '@zxcvbn-ts/language-es-es');
  if (lang === 'en') return import(/* webpackChunkName: "password-words-en" */ '@zxcvbn-ts/language-en');
  return import(/* webpackChunkName: "password-words-fr" */ '@zxcvbn-ts/language-fr');
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
        dictionary: { ...common.dictionary, ...words.dictionary },
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
