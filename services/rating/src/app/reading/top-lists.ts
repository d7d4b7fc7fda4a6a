import { type CommunityCategory } from '@pupitre/contracts';
import type { Collection, Filter } from 'mongodb';
import { monthIndex, MONTH_UNIT } from '../reviews/list-keys';
import { type ReviewDoc } from '../reviews/review';

/** The fields a public list shows of a review: never its author, its votes, its reports, or its reply's author. */
export const LISTED_FIELDS = {
  _id: 0,
  id: 1,
  pub: 1,
  relUp: 1,
  relTotal: 1,
  createdAt: 1,
  firstPublishedAt: 1,
  keys: 1,
  'reply.text': 1,
  'reply.status': 1,
  'reply.reason': 1,
  'reply.reasonText': 1,
  'reply.at': 1,
  'reply.publishedAt': 1,
} as const;
export type ListedReview = Pick<ReviewDoc, 'id' | 'pub' | 'relUp' | 'relTotal' | 'createdAt' | 'firstPublishedAt' | 'reply' | 'keys'>;

/** Cut-offs remembered (one per list: the community's and each teacher's four); `null`: the list holds every review it can. */
const MAX_CUTOFFS = 10_000;
/** How much wider each new try looks when a cut-off left too few reviews: twice, and for a month key eight times after three
 * tries (a month key spans years: a month doubled takes 7 tries to reach ten years; relevance spans 0 to 1). */
const widening = (category: CommunityCategory, tries: number) => (category === 'relevant' || tries < 3 ? 2 : 8);

/** The largest key a list can hold now and a first, narrow cut-off below it: this month (keys: reviews/list-keys.ts). */
function firstGuess(category: CommunityCategory, now: number): { top: number; cutoff: number } {
  const thisMonth = monthIndex(now) * MONTH_UNIT;
  if (category === 'recent') return { top: thisMonth + MONTH_UNIT, cutoff: thisMonth };
  if (category === 'relevant') return { top: 1e13, cutoff: 0.99e13 };
  return { top: 10 * 1e13 + thisMonth + MONTH_UNIT, cutoff: 10 * 1e13 + thisMonth };
}

// The public reviews with the largest key of a category, by an index on it. DocumentDB sorts what the filter matches in memory, so
// the filter holds a cut-off (the last listed key), lowered wider each try while fewer than `limit` match: empty tries
// cost an index probe each, a try that matches too much costs every match (at 1,000,000 reviews an eightfold step matched 235,000).
export class TopLists {
  private readonly cutoffs = new Map<string, number | null>();

  constructor(private readonly docs: Collection<ReviewDoc>) {}

  async top(
    category: CommunityCategory,
    limit: number,
    scope: { teacherId?: number; delisted: readonly number[]; total?: number },
  ): Promise<ListedReview[]> {
    const path = `keys.${category}`;
    const memo = `${scope.teacherId ?? '*'}:${category}:${limit}`;
    const guess = firstGuess(category, Date.now());
    const remembered = this.cutoffs.get(memo);
    // No cut-off when the scope's public reviews (its figures' count) are no more than the list holds.
    const few = scope.total !== undefined && scope.total <= limit;
    let cutoff: number | undefined = remembered === null || few ? undefined : (remembered ?? guess.cutoff);
    const base: Filter<ReviewDoc> =
      scope.teacherId !== undefined
        ? { teacherId: scope.teacherId }
        : scope.delisted.length
          ? { teacherId: { $nin: [...scope.delisted] } }
          : {};
    for (let tries = 0; ; tries++) {
      const filter = { ...base, [path]: cutoff === undefined ? { $exists: true } : { $gte: cutoff } } as Filter<ReviewDoc>;
      const rows = (await this.docs
        .find(filter, { projection: LISTED_FIELDS, sort: { [path]: -1, id: -1 }, limit })
        .toArray()) as unknown as ListedReview[];
      if (rows.length >= limit || cutoff === undefined) {
        this.remember(memo, rows.length >= limit ? (rows[limit - 1].keys?.[category] ?? null) : null);
        return rows;
      }
      const width: number = Math.max(1, guess.top - cutoff) * widening(category, tries);
      cutoff = guess.top - width > 0 ? guess.top - width : undefined;
    }
  }

  private remember(memo: string, cutoff: number | null): void {
    if (this.cutoffs.size >= MAX_CUTOFFS) this.cutoffs.clear();
    this.cutoffs.set(memo, cutoff);
  }
}
