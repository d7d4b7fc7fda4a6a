import { type CommunityCategory } from '@pupitre/contracts';
import { wilsonLowerBound } from '../reading/review-view';
import { type ReviewDoc } from './review';

// Derived fields written with every change, so that reads are index-served. `keys`: per public list, larger = listed first
// (ties: larger id) — recent: the month it was first released, then a shuffle; highest/lowest: rating, then the same;
// relevant (once voted on): Wilson bound, then votes. Within a month no list follows time: the order of writing (or of the
// releases) tells nothing of when a review was written (docs/threat-model.md).
export type ListKeys = Partial<Record<CommunityCategory, number>>;

/** A month's place in the keys: below it, the shuffle. */
export const MONTH_UNIT = 1e9;
/** Months since 1970 stay below 10,000 (the year 2803): the rating is the digit above. */
const RATING_UNIT = 1e13;
const RELEVANCE_UNIT = 1e7;

/** Months since January 1970 of `date` (UTC). */
export const monthIndex = (date: Date | number | string): number => {
  const d = new Date(date);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};

/** A review's place within its month: a hash of its id, in no order of writing (earlier ids were sequential). */
export function shuffleKey(id: number): number {
  const low = id % 2 ** 32;
  const high = Math.floor(id / 2 ** 32);
  let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) % MONTH_UNIT;
}

/** The Wilson bound's z (95 %). */
const Z = 1.96;

/**
 * The `relevant` key of a public review with `up` of `total` votes; undefined without votes (not in that list). Rounded as
 * `floor(x + 0.5)` so that relevanceKeyExpression below, which the database evaluates in a vote's own write, gives the same
 * number to the last bit (the same IEEE operations in the same order).
 */
export function relevanceKey(up: number, total: number): number | undefined {
  if (total <= 0) return undefined;
  return Math.floor(wilsonLowerBound(up, total, Z) * 1e6 + 0.5) * RELEVANCE_UNIT + Math.min(total, RELEVANCE_UNIT - 1);
}

/**
 * relevanceKey as an aggregation expression over the document's `relUp` and `relTotal` (after the stages before it): a vote
 * writes its key with its counts, in one update. `$$REMOVE` without votes (the key unset). Mirrors wilsonLowerBound term by term.
 */
export function relevanceKeyExpression(): Record<string, unknown> {
  const z2 = Z * Z;
  // At least 1: DocumentDB evaluates both branches of the `$cond` below, and the key's branch divides by it (with votes, the count).
  const n = { $max: ['$relTotal', 1] };
  const p = { $divide: ['$relUp', n] };
  const wilson = {
    $divide: [
      {
        $subtract: [
          { $add: [p, { $divide: [z2, { $multiply: [2, n] }] }] },
          {
            $multiply: [
              Z,
              { $sqrt: { $divide: [{ $add: [{ $multiply: [p, { $subtract: [1, p] }] }, { $divide: [z2, { $multiply: [4, n] }] }] }, n] } },
            ],
          },
        ],
      },
      { $add: [1, { $divide: [z2, n] }] },
    ],
  };
  const key = {
    $add: [{ $multiply: [{ $floor: { $add: [{ $multiply: [wilson, 1e6] }, 0.5] } }, RELEVANCE_UNIT] }, { $min: [n, RELEVANCE_UNIT - 1] }],
  };
  return { $cond: [{ $gt: ['$relTotal', 0] }, key, '$$REMOVE'] };
}

export function listKeys(doc: ReviewDoc): ListKeys | undefined {
  if (!doc.visible || !doc.pub) return undefined;
  const inMonth = monthIndex(doc.firstPublishedAt ?? doc.pub.publishedAt ?? doc.createdAt) * MONTH_UNIT + shuffleKey(doc.id);
  const tot = doc.pub.tot_rating;
  const keys: ListKeys = { recent: inMonth, highest: tot * RATING_UNIT + inMonth, lowest: (10 - tot) * RATING_UNIT + inMonth };
  const relevant = relevanceKey(doc.relUp ?? 0, doc.relTotal ?? 0);
  if (relevant !== undefined) keys.relevant = relevant;
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
