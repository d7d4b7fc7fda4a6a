import { MIN_PASSWORD_LENGTH } from '@pupitre/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** Django's messages, which clients and the API contract expect word for word. */
export const PASSWORD_MESSAGES = {
  tooSimilar: 'The password is too similar to the email address.',
  tooShort: `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooCommon: 'This password is too common.',
  numeric: 'This password is entirely numeric.',
} as const;

const MAX_SIMILARITY = 0.7;
/** Like Django's list: the 20,000 most common passwords (zxcvbn-ts's list is ordered by frequency). */
const COMMON_PASSWORD_COUNT = 20_000;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase().trim());
}

/** Python's SequenceMatcher.quick_ratio: an upper bound of the similarity, by shared characters. */
export function quickRatio(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

/** Django's UserAttributeSimilarityValidator on the e-mail: the whole address and its parts. */
export function isTooSimilarToEmail(password: string, email: string): boolean {
  if (!email) return false;
  const pwd = password.toLowerCase();
  const value = email.toLowerCase();
  const parts = [...value.split(/[^\p{L}\p{N}_]+/u), value];
  return parts.some((part) => {
    // Skip parts much shorter than the password (they cannot make it "similar").
    if (pwd.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * pwd.length) return false;
    return quickRatio(pwd, part) >= MAX_SIMILARITY;
  });
}

/** Every rule the password breaks, in Django's order (similarity, length, common, numeric). */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (isTooSimilarToEmail(password, email)) problems.push(PASSWORD_MESSAGES.tooSimilar);
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.tooCommon);
  if (/^\p{Nd}+$/u.test(password)) problems.push(PASSWORD_MESSAGES.numeric);
  return problems;
}
