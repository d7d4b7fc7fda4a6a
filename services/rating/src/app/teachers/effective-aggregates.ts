import { type UpcomingDelta } from './teacher.schema';

export interface Aggregates {
  reviewCount: number;
  ratingSum: number;
}

/**
 * A teacher's aggregates at `now`: the stored ones plus the upcoming changes whose time has come.
 * `nextChange` is the time of the next upcoming change (ms), if any: what is shown changes then.
 */
export function effectiveAggregates(t: Aggregates & { upcoming?: UpcomingDelta[] }, now: number): Aggregates & { nextChange: number | null } {
  let { reviewCount, ratingSum } = t;
  let nextChange: number | null = null;
  for (const d of t.upcoming ?? []) {
    if (d.at <= now) {
      reviewCount += d.count;
      ratingSum += d.sum;
    } else if (nextChange === null || d.at < nextChange) {
      nextChange = d.at;
    }
  }
  return { reviewCount, ratingSum, nextChange };
}

/**
 * Applies `deltas` to stored aggregates at `now`: the due ones (and the upcoming ones whose time
 * has come) go into the totals, the others stay upcoming, merged by instant (changes that cancel
 * out disappear). Returns the increments of the totals and the new upcoming list.
 */
export function foldAggregates(upcoming: UpcomingDelta[], deltas: UpcomingDelta[], now: number): { count: number; sum: number; upcoming: UpcomingDelta[] } {
  let count = 0;
  let sum = 0;
  const later = new Map<number, UpcomingDelta>();
  for (const d of [...upcoming, ...deltas]) {
    if (d.at <= now) {
      count += d.count;
      sum += d.sum;
      continue;
    }
    const merged = later.get(d.at) ?? { at: d.at, count: 0, sum: 0 };
    merged.count += d.count;
    merged.sum += d.sum;
    later.set(d.at, merged);
  }
  return { count, sum, upcoming: [...later.values()].filter((d) => d.count !== 0 || d.sum !== 0).sort((a, b) => a.at - b.at) };
}
