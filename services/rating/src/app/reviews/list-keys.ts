import { type CommunityCategory } from '@pupitre/contracts';
import { wilsonLowerBound } from '../reading/review-view';
import { type ReviewDoc } from './review';

// Derived fields written with every change, so that reads are index-served. `keys`: per public list, larger = listed first
// (ties: larger id) — recent: written; highest/lowest: rating then recency; relevant (once voted on): Wilson bound, then votes.
export type ListKeys = Partial<Record<CommunityCategory, number>>;

/** Milliseconds since 1970 stay below this until the year 2286: the rating is the digit above. */
const RATING_UNIT = 1e13;
const RELEVANCE_UNIT = 1e7;

export function listKeys(doc: ReviewDoc): ListKeys | undefined {
  if (!doc.visible || !doc.pub) return undefined;
  const written = new Date(doc.createdAt).getTime();
  const tot = doc.pub.tot_rating;
  const keys: ListKeys = { recent: written, highest: tot * RATING_UNIT + written, lowest: (10 - tot) * RATING_UNIT + written };
  const voters = doc.relTotal ?? 0;
  if (voters > 0)
    keys.relevant = Math.round(wilsonLowerBound(doc.relUp ?? 0, voters) * 1e6) * RELEVANCE_UNIT + Math.min(voters, RELEVANCE_UNIT - 1);
  return keys;
}

export const needsModerator = (doc: ReviewDoc): boolean =>
  doc.status === 'held' || doc.hidden || (doc.reportCount ?? 0) > 0 || doc.reply?.status === 'held';

/** The document with its derived fields up to date (what every write stores). */
export function withDerived(doc: ReviewDoc): ReviewDoc {
  const { keys: _old, ...rest } = doc;
  const keys = listKeys(doc);
  return { ...rest, flagged: needsModerator(doc), ...(keys ? { keys } : {}) };
}
