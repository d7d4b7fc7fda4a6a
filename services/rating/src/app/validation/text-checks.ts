import {
  hasOffensiveLanguage,
  hasPersonalData,
  hasThreat,
  identifiesSomeone,
  REPLY_TEXT_MAX,
  REPLY_TEXT_PATTERN,
  TEXT_RATING_MAX,
  TEXT_RATING_PATTERN,
  type ModerationReason,
} from '@pupitre/contracts';

// The verdicts of the automatic validation. The checks themselves and their word lists (fr/es/en)
// are shared with the review form: libs/contracts/src/text-checks/.
export { hasOffensiveLanguage, hasPersonalData, hasThreat, identifiesSomeone, normalizeForMatching } from '@pupitre/contracts';

export type Verdict = { action: 'publish' } | { action: 'hold' | 'reject'; reason: ModerationReason };

// Rejects forbidden characters, personal data and insults; holds threats and identifying details (the form warned the author)
// for a moderator: a person decides.
export function validateReviewText(text: string): Verdict {
  if (text.length > TEXT_RATING_MAX || !TEXT_RATING_PATTERN.test(text))
    return { action: 'reject', reason: 'text-rating-forbidden-characters' };
  if (!text.trim()) return { action: 'publish' };
  if (hasPersonalData(text)) return { action: 'reject', reason: 'personal-data' };
  if (hasThreat(text)) return { action: 'hold', reason: 'threat' };
  if (hasOffensiveLanguage(text)) return { action: 'reject', reason: 'offensive-language' };
  if (identifiesSomeone(text)) return { action: 'hold', reason: 'identifying-details' };
  return { action: 'publish' };
}

/** A reply's checks: a review's on its own character set, without the identifying-details hold (a teacher writes under his name). */
export function validateReplyText(text: string): Verdict {
  if (text.length > REPLY_TEXT_MAX || !REPLY_TEXT_PATTERN.test(text))
    return { action: 'reject', reason: 'text-rating-forbidden-characters' };
  if (hasPersonalData(text)) return { action: 'reject', reason: 'personal-data' };
  if (hasThreat(text)) return { action: 'hold', reason: 'threat' };
  if (hasOffensiveLanguage(text)) return { action: 'reject', reason: 'offensive-language' };
  return { action: 'publish' };
}
