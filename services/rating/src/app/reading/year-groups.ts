import { type YearGroup } from '@pupitre/contracts';

/** What the breakdown needs of a public review: its class year, overall rating and when it was written. */
export interface YearSource {
  year: number;
  tot: number;
  createdAt: number;
}

/** The first day of `now`'s month, UTC midnight: the breakdown counts the reviews written before it. */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The school order, youngest first: Sixième (6) … Terminale (0). */
const SCHOOL_ORDER = [6, 5, 4, 3, 2, 1, 0];

/**
 * A teacher's public reviews by class year, without singling anyone out (docs/threat-model.md):
 * only the reviews written before `until` (the first day of the current month: the breakdown moves
 * once a month, with that month's reviews together, so a new card cannot be matched to the year
 * whose count grew), in groups of at least `min` reviews. Neighbouring years (in school order) are
 * merged until a group is large enough; what is left at the end joins the last group, or, when the
 * teacher has fewer than `min` such reviews, nothing is shown at all.
 */
export function yearGroups(reviews: readonly YearSource[], min: number, until: number): YearGroup[] {
  const count = new Map<number, { reviews: number; sum: number }>();
  for (const r of reviews) {
    if (r.createdAt >= until) continue;
    const c = count.get(r.year) ?? { reviews: 0, sum: 0 };
    count.set(r.year, { reviews: c.reviews + 1, sum: c.sum + r.tot });
  }
  return groupYears(count, min);
}

/** The groups of `yearGroups`, from the reviews and rating sum per class year (a teacher's figures keep them: teacher-stats.ts). */
export function groupYears(count: ReadonlyMap<number, { reviews: number; sum: number }>, min: number): YearGroup[] {
  const groups: { years: number[]; reviews: number; sum: number }[] = [];
  let open = { years: [] as number[], reviews: 0, sum: 0 };
  for (const year of SCHOOL_ORDER) {
    const c = count.get(year);
    if (!c?.reviews) continue;
    open = { years: [...open.years, year], reviews: open.reviews + c.reviews, sum: open.sum + c.sum };
    if (open.reviews >= Math.max(1, min)) {
      groups.push(open);
      open = { years: [], reviews: 0, sum: 0 };
    }
  }
  if (open.reviews > 0 && groups.length > 0) {
    const last = groups[groups.length - 1];
    groups[groups.length - 1] = { years: [...last.years, ...open.years], reviews: last.reviews + open.reviews, sum: last.sum + open.sum };
  }
  return groups.map((g) => ({ years: g.years, reviews: g.reviews, rating: Math.round((10 * g.sum) / g.reviews) / 10 }));
}
