import { effectiveAggregates, foldAggregates } from './effective-aggregates';

describe('teacher aggregates with upcoming changes (reviews validated ahead of their instant)', () => {
  const stored = { reviewCount: 4, ratingSum: 30, upcoming: [{ at: 100, count: 1, sum: 7 }, { at: 200, count: 1, sum: 9 }] };

  it('adds the changes whose time has come, and tells when the next one comes', () => {
    expect(effectiveAggregates(stored, 99)).toEqual({ reviewCount: 4, ratingSum: 30, nextChange: 100 });
    expect(effectiveAggregates(stored, 100)).toEqual({ reviewCount: 5, ratingSum: 37, nextChange: 200 });
    expect(effectiveAggregates(stored, 500)).toEqual({ reviewCount: 6, ratingSum: 46, nextChange: null });
    expect(effectiveAggregates({ reviewCount: 1, ratingSum: 2 }, 0)).toEqual({ reviewCount: 1, ratingSum: 2, nextChange: null });
  });

  it('folds what is due into the totals, keeps the rest merged by instant, drops what cancels out', () => {
    const folded = foldAggregates(stored.upcoming, [{ at: 0, count: -1, sum: -5 }, { at: 200, count: -1, sum: -9 }, { at: 300, count: 1, sum: 4 }, { at: 300, count: 1, sum: 6 }], 150);
    expect(folded).toEqual({ count: 0, sum: 2, upcoming: [{ at: 300, count: 2, sum: 10 }] });
  });

  it('gives the same figures at every instant whether changes are folded early or late', () => {
    const deltas = [{ at: 50, count: 1, sum: 3 }, { at: 120, count: 1, sum: 8 }, { at: 120, count: -1, sum: -3 }, { at: 400, count: 1, sum: 10 }];
    for (const foldAt of [0, 60, 130, 500]) {
      const { count, sum, upcoming } = foldAggregates([], deltas, foldAt);
      for (const now of [foldAt, 130, 399, 400, 1000].filter((n) => n >= foldAt)) {
        const all = effectiveAggregates({ reviewCount: 0, ratingSum: 0, upcoming: deltas }, now);
        expect(effectiveAggregates({ reviewCount: count, ratingSum: sum, upcoming }, now)).toMatchObject({ reviewCount: all.reviewCount, ratingSum: all.ratingSum });
      }
    }
  });
});
