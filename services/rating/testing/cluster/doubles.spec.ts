import { type ReviewDoc } from '../../src/app/reviews/review';
import { figuresProblems } from './doubles';

const publicReview = (id: number, teacherId: number, tot: number) =>
  ({
    id,
    visible: true,
    pub: { teacherId, subjectId: 1, year: 3, tot_rating: tot, grades: { clarte: tot }, flags: { aide: true } },
  }) as unknown as ReviewDoc;

const figuresOf = (teacherId: number, reviews: ReviewDoc[]) => ({
  _id: teacherId,
  reviewCount: reviews.length,
  ratingSum: reviews.reduce((s, r) => s + r.pub!.tot_rating, 0),
  dist: Object.fromEntries(
    reviews.map((r) => [String(r.pub!.tot_rating), reviews.filter((x) => x.pub!.tot_rating === r.pub!.tot_rating).length]),
  ),
  grades: { clarte: { sum: reviews.reduce((s, r) => s + r.pub!.tot_rating, 0), count: reviews.length } },
  answers: { aide: { yes: reviews.length, count: reviews.length } },
  groups: { college: { reviews: reviews.length, sum: reviews.reduce((s, r) => s + r.pub!.tot_rating, 0) } },
  rev: 42,
  breakdown: { month: '2026-11', groups: {} },
});

describe("the teachers' figures against their public reviews counted once", () => {
  const [a, b] = [publicReview(1, 7, 8), publicReview(2, 7, 5)];

  it('finds nothing when each public review is counted once (rev and the frozen breakdown aside)', () => {
    expect(figuresProblems([a, b, { ...b, id: 3, visible: false } as ReviewDoc], [figuresOf(7, [a, b])])).toEqual([]);
  });

  it('names a review counted twice, and one not counted', () => {
    expect(figuresProblems([a, b], [figuresOf(7, [a, b, b])])).toEqual([
      "teacher 7's figures differ from his public reviews counted once: reviewCount 3 (reviews: 2), ratingSum 18 (reviews: 13), " +
        'grades.clarte.sum 18 (reviews: 13), grades.clarte.count 3 (reviews: 2), answers.aide.yes 3 (reviews: 2), ' +
        'answers.aide.count 3 (reviews: 2), groups.college.reviews 3 (reviews: 2), groups.college.sum 18 (reviews: 13), dist.5 2 (reviews: 1)',
    ]);
    expect(figuresProblems([a, b], [figuresOf(7, [a])])).toEqual([expect.stringContaining('reviewCount 1 (reviews: 2)')]);
    expect(figuresProblems([a], [])).toEqual([expect.stringContaining("teacher 7's figures differ")]);
  });
});
