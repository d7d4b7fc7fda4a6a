import { emptyStats, yearCounts } from './teacher-stats';
import { groupYears, monthStart } from './year-groups';

type Counts = Record<string, { reviews: number; sum: number }>;
const NOV = Date.UTC(2026, 10, 1);
const many = (year: number, n: number, tot = 6): Counts => ({ [year]: { reviews: n, sum: n * tot } });
const merged = (parts: Counts[]): Counts => {
  const out: Counts = {};
  for (const part of parts)
    for (const [year, c] of Object.entries(part))
      out[year] = { reviews: (out[year]?.reviews ?? 0) + c.reviews, sum: (out[year]?.sum ?? 0) + c.sum };
  return out;
};
/** The groups of a teacher whose reviews were all written in September, counted before November. */
const groups = (min: number, ...parts: Counts[]) =>
  groupYears(yearCounts({ ...emptyStats(), years: { '202609': merged(parts) } }, NOV), min);

describe('the teacher page’s breakdown by class year', () => {
  it('counts the reviews written before the first day of the current month', () => {
    expect(monthStart(Date.UTC(2026, 10, 26, 19, 44))).toBe(NOV);
    const recent = { '202611': many(4, 5) };
    expect(groupYears(yearCounts({ ...emptyStats(), years: recent }, NOV), 5)).toEqual([]);
    expect(groupYears(yearCounts({ ...emptyStats(), years: { ...recent, '202609': many(4, 5) } }, NOV), 5)).toEqual([
      { years: [4], reviews: 5, rating: 6 },
    ]);
  });

  it('shows nothing below the minimum, and a year of its own from it', () => {
    expect(groups(5, many(2, 4))).toEqual([]);
    expect(groups(5)).toEqual([]);
    expect(groups(5, many(2, 5, 8), many(0, 6, 4))).toEqual([
      { years: [2], reviews: 5, rating: 8 },
      { years: [0], reviews: 6, rating: 4 },
    ]);
  });

  it('merges small years with their neighbours in school order, and what is left with the last group', () => {
    const reviews = [many(6, 2), many(5, 3, 8), many(3, 1), many(1, 1, 10), many(0, 1, 2)];
    const few = groups(5, ...reviews);
    expect(few).toEqual([{ years: [6, 5, 3, 1, 0], reviews: 8, rating: 6.8 }]);
    const more = groups(5, ...reviews, many(3, 4));
    expect(more).toEqual([
      { years: [6, 5], reviews: 5, rating: 7.2 },
      { years: [3, 1, 0], reviews: 7, rating: 6 },
    ]);
    for (const g of [...few, ...more]) expect(g.reviews).toBeGreaterThanOrEqual(5);
  });

  it('follows the configured minimum', () => {
    expect(groups(3, many(6, 3), many(0, 3)).map((g) => g.years)).toEqual([[6], [0]]);
    expect(groups(10, many(6, 3), many(0, 3))).toEqual([]);
  });
});
