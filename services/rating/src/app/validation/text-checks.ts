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

/**
 * The automatic validation of a review's comment, run by the worker when its delay is over:
 * - characters outside the contract's set → reject (`text-rating-forbidden-characters`);
 * - personal data (e-mail, phone number, URL, social handle) → reject (`personal-data`): the author edits it out;
 * - a threat → hold for a moderator (`threat`): a person decides, the school may need to know;
 * - insults in fr/es/en → reject (`offensive-language`);
 * - details that may identify the author or another pupil (a class group, a first name, a family
 *   tie, a date or a precise event) → hold for a moderator's look (`identifying-details`): the form
 *   warned the author; a person decides whether it is safe to publish.
 */
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

/**
 * The automatic checks of a teacher's reply: the same as a review's (personal data → reject,
 * threats → hold, insults → reject), on its own character set (accents allowed, up to REPLY_TEXT_MAX).
 * A teacher writes under his own name: the identifying-details nudge is for anonymous authors.
 */
export function validateReplyText(text: string): Verdict {
  if (text.length > REPLY_TEXT_MAX || !REPLY_TEXT_PATTERN.test(text))
    return { action: 'reject', reason: 'text-rating-forbidden-characters' };
  if (hasPersonalData(text)) return { action: 'reject', reason: 'personal-data' };
  if (hasThreat(text)) return { action: 'hold', reason: 'threat' };
  if (hasOffensiveLanguage(text)) return { action: 'reject', reason: 'offensive-language' };
  return { action: 'publish' };
}
