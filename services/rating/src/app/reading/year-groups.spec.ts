import { breakdownView, type ClassGroupCounts, groupOf, monthKey, rolledOver } from './year-groups';

const live = (college: number, lycee: number, tot = 6): ClassGroupCounts => ({
  college: { reviews: college, sum: college * tot },
  lycee: { reviews: lycee, sum: lycee * tot },
});

describe('the teacher page’s breakdown by school level', () => {
  it('has two fixed groups, collège (Sixième–Troisième) and lycée (Seconde–Terminale)', () => {
    expect([6, 5, 4, 3, 2, 1, 0].map(groupOf)).toEqual(['college', 'college', 'college', 'college', 'lycee', 'lycee', 'lycee']);
    expect(monthKey(Date.UTC(2026, 10, 28, 23, 59))).toBe('202611');
  });

  it('shows a group from 5 reviews, and its mean from 10 only', () => {
    const shown = breakdownView(rolledOver(undefined, live(4, 12), '202611'), 5);
    expect(shown).toEqual([{ years: [2, 1, 0], reviews: 12, rating: 6 }]);
    expect(breakdownView(rolledOver(undefined, live(7, 0), '202611'), 5)).toEqual([{ years: [6, 5, 4, 3], reviews: 7, rating: null }]);
    expect(breakdownView(rolledOver(undefined, live(7, 0), '202611'), 8)).toEqual([]);
  });

  it('moves a group only by 5 reviews or more at once: a month that changed it by fewer shows the month before', () => {
    const november = rolledOver(undefined, live(10, 10), '202611');
    const december = rolledOver(november, live(14, 16, 8), '202612'); // collège +4: kept; lycée +6: taken
    expect(december.groups).toEqual({ college: { reviews: 10, sum: 60 }, lycee: { reviews: 16, sum: 128 } });
    const january = rolledOver(december, live(15, 16, 8), '202701'); // collège +5 since the figures shown: taken
    expect(january.groups.college).toEqual({ reviews: 15, sum: 120 });
  });
});
