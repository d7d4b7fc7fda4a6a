import { meanRating, rankTeachers, roundToOneDecimal, schoolMean } from './bayesian-ranking';

const teacher = (id: number, name: string, reviewCount: number, ratingSum: number) => ({ id, name, reviewCount, ratingSum });

describe('rankTeachers', () => {
  const options = { minReviews: 3, schoolMean: 6 };

  it('leaves out teachers below the minimum number of reviews', () => {
    const ranked = rankTeachers([teacher(1, 'A', 2, 20), teacher(2, 'B', 3, 24)], options);
    expect(ranked.map((r) => r.teacher.id)).toEqual([2]);
  });

  it('pulls small samples toward the school mean: forty reviews at 9 beat three at 10', () => {
    const ranked = rankTeachers([teacher(1, 'Few', 3, 30), teacher(2, 'Many', 40, 360)], options);
    expect(ranked.map((r) => r.teacher.name)).toEqual(['Many', 'Few']);
    // (3·6 + 30) / 6 = 8 and (3·6 + 360) / 43 ≈ 8.79
    expect(ranked[1].score).toBeCloseTo(8, 10);
    expect(ranked[0].score).toBeCloseTo(378 / 43, 10);
  });

  it('breaks ties by review count, then by name', () => {
    const ranked = rankTeachers(
      [teacher(1, 'Zoé', 6, 36), teacher(2, 'Émile', 6, 36), teacher(3, 'Albert', 6, 36), teacher(4, 'More', 12, 72)],
      options,
    );
    expect(ranked.map((r) => r.teacher.name)).toEqual(['More', 'Albert', 'Émile', 'Zoé']);
  });

  it('shows the plain mean with one decimal', () => {
    const [only] = rankTeachers([teacher(1, 'A', 3, 23)], options);
    expect(only.rating).toBe(7.7);
  });

  it('uses an explicit prior weight when given', () => {
    const ranked = rankTeachers([teacher(1, 'A', 3, 30)], { ...options, priorWeight: 0 });
    expect(ranked[0].score).toBe(10);
  });
});

describe('rounding and means', () => {
  it.each([
    [7.25, 7.3],
    [7.05, 7.1],
    [7.04, 7],
    [10, 10],
    [0, 0],
    [23 / 3, 7.7],
  ])('roundToOneDecimal(%d) = %d', (value, rounded) => expect(roundToOneDecimal(value)).toBe(rounded));

  it('meanRating is null without reviews', () => {
    expect(meanRating(0, 0)).toBeNull();
    expect(meanRating(4, 30)).toBe(7.5);
  });

  it('schoolMean falls back to the middle of the scale', () => {
    expect(schoolMean(0, 0)).toBe(5);
    expect(schoolMean(70, 10)).toBe(7);
  });
});
