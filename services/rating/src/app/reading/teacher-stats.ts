import { REVIEW_ANSWER_KEYS, REVIEW_GRADE_KEYS, type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';

/**
 * A teacher's figures over his public reviews: count and sum of the overall ratings, and for each
 * criterion the sum and count of the reviews that graded it (a criterion a review lacks counts in
 * no average), for each yes/no question the yeses and answers. Kept exact in memory by adding and
 * removing reviews (public-index.ts); never stored.
 */
export interface TeacherStats {
  reviewCount: number;
  ratingSum: number;
  grades: Record<string, { sum: number; count: number }>;
  answers: Record<string, { yes: number; count: number }>;
}

export const emptyStats = (): TeacherStats => ({ reviewCount: 0, ratingSum: 0, grades: {}, answers: {} });

export interface StatsSource {
  tot: number;
  grades: ReviewGrades;
  flags: ReviewAnswers;
}

/** Adds (sign 1) or removes (sign -1) one review's contribution. */
export function addToStats(stats: TeacherStats, review: StatsSource, sign: 1 | -1): void {
  stats.reviewCount += sign;
  stats.ratingSum += sign * review.tot;
  for (const key of REVIEW_GRADE_KEYS) {
    const value = review.grades?.[key];
    if (typeof value !== 'number') continue;
    const g = (stats.grades[key] ??= { sum: 0, count: 0 });
    g.sum += sign * value;
    g.count += sign;
  }
  for (const key of REVIEW_ANSWER_KEYS) {
    const value = review.flags?.[key];
    if (typeof value !== 'boolean') continue;
    const a = (stats.answers[key] ??= { yes: 0, count: 0 });
    a.yes += sign * (value ? 1 : 0);
    a.count += sign;
  }
}
