import { monthStart, yearGroups } from './year-groups';

const NOV = Date.UTC(2026, 10, 1);
const review = (year: number, tot = 6, createdAt = Date.UTC(2026, 8, 15)) => ({ year, tot, createdAt });
const many = (year: number, n: number, tot = 6) => Array.from({ length: n }, () => review(year, tot));

describe('the teacher page’s breakdown by class year', () => {
  it('counts the reviews written before the first day of the current month', () => {
    expect(monthStart(Date.UTC(2026, 10, 26, 19, 44))).toBe(NOV);
    const recent = Array.from({ length: 5 }, () => review(4, 6, Date.UTC(2026, 10, 2)));
    expect(yearGroups(recent, 5, NOV)).toEqual([]);
    expect(yearGroups([...many(4, 5), ...recent], 5, NOV)).toEqual([{ years: [4], reviews: 5, rating: 6 }]);
  });

  it('shows nothing below the minimum, and a year of its own from it', () => {
    expect(yearGroups(many(2, 4), 5, NOV)).toEqual([]);
    expect(yearGroups([], 5, NOV)).toEqual([]);
    expect(yearGroups([...many(2, 5, 8), ...many(0, 6, 4)], 5, NOV)).toEqual([
      { years: [2], reviews: 5, rating: 8 },
      { years: [0], reviews: 6, rating: 4 },
    ]);
  });

  it('merges small years with their neighbours in school order, and what is left with the last group', () => {
    const reviews = [...many(6, 2), ...many(5, 3, 8), ...many(3, 1), ...many(1, 1, 10), ...many(0, 1, 2)];
    const groups = yearGroups(reviews, 5, NOV);
    expect(groups).toEqual([{ years: [6, 5, 3, 1, 0], reviews: 8, rating: 6.8 }]);
    const more = yearGroups([...reviews, ...many(3, 4)], 5, NOV);
    expect(more).toEqual([
      { years: [6, 5], reviews: 5, rating: 7.2 },
      { years: [3, 1, 0], reviews: 7, rating: 6 },
    ]);
    for (const g of [...groups, ...more]) expect(g.reviews).toBeGreaterThanOrEqual(5);
  });

  it('follows the configured minimum', () => {
    expect(yearGroups([...many(6, 3), ...many(0, 3)], 3, NOV).map((g) => g.years)).toEqual([[6], [0]]);
    expect(yearGroups([...many(6, 3), ...many(0, 3)], 10, NOV)).toEqual([]);
  });
});
