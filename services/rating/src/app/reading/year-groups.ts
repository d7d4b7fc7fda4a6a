import { type YearGroup } from '@pupitre/contracts';

/** The first day of `now`'s month, UTC midnight: the breakdown counts the reviews written before it. */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The school order, youngest first: Sixième (6) … Terminale (0). */
const SCHOOL_ORDER = [6, 5, 4, 3, 2, 1, 0];

// Reviews by class year without singling anyone out (docs/threat-model.md): only those written before this month (teacher-stats.ts),
// in groups of at least `min`; neighbouring years merge until large enough, the rest joins the last group.
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
