import { type CommunityCategory } from '@pupitre/contracts';
import { wilsonLowerBound } from '../reading/review-view';
import { type ReviewDoc } from './review';

/**
 * What a review document stores beside its truth so that reads are index-served (written with every
 * change, data/review-store.ts):
 * - `keys`: for a public review, one number per list it may appear in, larger = listed first
 *   (ties by id, larger first). The community and teacher lists are the reviews with the largest
 *   keys (reading/top-lists.ts). A review out of public view has none.
 *   recent: when it was written; highest / lowest: its public overall rating, then recency;
 *   relevant (only once voted on): the Wilson lower bound of its "relatable" votes, then their number.
 * - `flagged`: moderators must look at it (held by the checks or by reports, reported, or its reply held).
 */
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
