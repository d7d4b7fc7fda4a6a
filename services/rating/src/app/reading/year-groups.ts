import { type YearGroup } from '@pupitre/contracts';

// The class-year breakdown of a teacher page (docs/threat-model.md), built so that it cannot be differenced:
//  - fixed groups, decided in advance (collège, lycée), never merged from the data: two breakdowns never tell a year apart;
//  - frozen at the start of each month (a pass of the worker, breakdowns.ts): what happens mid-month (new reviews, an
//    older one edited, held, removed or restored) shows only in the next month's;
//  - a group's shown figures move only by 5 reviews or more at once: last month's changes of a group are never fewer
//    than 5 reviews, so the rollover matches no small set of cards;
//  - a group is shown from 5 reviews (YEAR_GROUP_MIN_REVIEWS), and its mean from 10.

/** Class years (0 Terminale … 6 Sixième) by group, youngest first. */
export const CLASS_GROUPS = { college: [6, 5, 4, 3], lycee: [2, 1, 0] } as const;
export type ClassGroup = keyof typeof CLASS_GROUPS;
export type ClassGroupCounts = Partial<Record<ClassGroup, { reviews: number; sum: number }>>;
/** A frozen breakdown: the month it was made for (`YYYYMM`, UTC) and each group's reviews and rating sum. */
export interface Breakdown {
  month: string;
  groups: ClassGroupCounts;
}

/** Fewer reviews than this in a group: the group is not shown. */
export const GROUP_MIN_REVIEWS = 5;
/** Fewer reviews than this in a group: its mean is not shown (a mean and a count give the sum back). */
export const GROUP_MEAN_MIN_REVIEWS = 10;
/** A group's shown figures change by at least this many reviews at once (or not at all). */
export const GROUP_MIN_STEP = 5;

export const groupOf = (year: number): ClassGroup | null =>
  (Object.keys(CLASS_GROUPS) as ClassGroup[]).find((g) => (CLASS_GROUPS[g] as readonly number[]).includes(year)) ?? null;

/** `YYYYMM` of `now` (UTC): the month a breakdown is made for. */
export function monthKey(now: number): string {
  const d = new Date(now);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first day of a `YYYYMM` month, UTC midnight. */
export const monthStartOf = (month: string): number => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1);

/**
 * The breakdown of `month` from the live counts: each group takes its live figures when they moved by GROUP_MIN_STEP
 * reviews or more since the breakdown before (`previous`), else keeps the ones shown.
 */
export function rolledOver(previous: Breakdown | undefined, live: ClassGroupCounts, month: string): Breakdown {
  const groups: ClassGroupCounts = {};
  for (const group of Object.keys(CLASS_GROUPS) as ClassGroup[]) {
    const now = live[group] ?? { reviews: 0, sum: 0 };
    const shown = previous?.groups[group] ?? { reviews: 0, sum: 0 };
    groups[group] = Math.abs(now.reviews - shown.reviews) >= GROUP_MIN_STEP ? { reviews: now.reviews, sum: now.sum } : shown;
  }
  return { month, groups };
}

/** What the teacher page shows of a breakdown: groups of at least `min` reviews (5 at least), a mean from 10. */
export function breakdownView(breakdown: Breakdown | undefined, min: number): YearGroup[] {
  if (!breakdown) return [];
  const floor = Math.max(GROUP_MIN_REVIEWS, min);
  return (Object.keys(CLASS_GROUPS) as ClassGroup[]).flatMap((group) => {
    const c = breakdown.groups[group];
    if (!c || c.reviews < floor) return [];
    const rating = c.reviews >= GROUP_MEAN_MIN_REVIEWS ? Math.round((10 * c.sum) / c.reviews) / 10 : null;
    return [{ years: [...CLASS_GROUPS[group]], reviews: c.reviews, rating }];
  });
}
