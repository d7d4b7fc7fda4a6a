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
  /** How many public reviews gave each overall rating 0–10 (the spread of ratings). */
  distribution: number[];
  grades: Record<string, { sum: number; count: number }>;
  answers: Record<string, { yes: number; count: number }>;
}

export const emptyStats = (): TeacherStats => ({
  reviewCount: 0,
  ratingSum: 0,
  distribution: Array.from({ length: 11 }, () => 0),
  grades: {},
  answers: {},
});

export interface StatsSource {
  tot: number;
  grades: ReviewGrades;
  flags: ReviewAnswers;
}

/** Adds (sign 1) or removes (sign -1) one review's contribution. */
export function addToStats(stats: TeacherStats, review: StatsSource, sign: 1 | -1): void {
  stats.reviewCount += sign;
  stats.ratingSum += sign * review.tot;
  if (Number.isInteger(review.tot) && review.tot >= 0 && review.tot <= 10) stats.distribution[review.tot] += sign;
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

/** One decimal (criteria averages are on the 0–10 scale of the grades). */
const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** Per criterion its average over the reviews that graded it (null: none did); per yes/no question the percent of yeses (null: no answer). */
export function statsView(stats: TeacherStats): {
  criteria: Record<string, number | null>;
  answers: Record<string, number | null>;
  distribution: number[];
} {
  return {
    criteria: Object.fromEntries(
      REVIEW_GRADE_KEYS.map((k) => [k, stats.grades[k]?.count ? oneDecimal(stats.grades[k].sum / stats.grades[k].count) : null]),
    ),
    answers: Object.fromEntries(
      REVIEW_ANSWER_KEYS.map((k) => [
        k,
        stats.answers[k]?.count ? Math.round((100 * stats.answers[k].yes) / stats.answers[k].count) : null,
      ]),
    ),
    distribution: [...stats.distribution],
  };
}
