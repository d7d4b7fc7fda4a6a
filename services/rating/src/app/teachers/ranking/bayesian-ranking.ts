export interface RankingCandidate {
  id: number;
  name: string;
  reviewCount: number;
  ratingSum: number;
}

export interface RankingOptions {
  /** Teachers with fewer published reviews are left out. */
  minReviews: number;
  /** Weight of the school mean, in reviews (the "prior" count). Defaults to `minReviews`. */
  priorWeight?: number;
  /** Mean tot_rating over all published reviews of the school (0–10). */
  schoolMean: number;
}

export interface Ranked<T> {
  teacher: T;
  /** Bayesian average used for the order (exact; shown rounded to one decimal). */
  score: number;
  /** Plain mean ratingSum / reviewCount, one decimal: what is shown. */
  rating: number;
}

/** Rounds half away from zero to one decimal (7.25 → 7.3), robust to binary noise (7.05 → 7.1). */
export function roundToOneDecimal(value: number): number {
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 10 * (1 + Number.EPSILON)) / 10;
}

/** The shown rating of a teacher: mean tot_rating, one decimal; null without published reviews. */
export function meanRating(reviewCount: number, ratingSum: number): number | null {
  return reviewCount > 0 ? roundToOneDecimal(ratingSum / reviewCount) : null;
}

/** Best first by a Bayesian average pulled toward the school mean, so two reviews at 10 do not beat forty at 9. */
export function rankTeachers<T extends RankingCandidate>(teachers: readonly T[], options: RankingOptions): Ranked<T>[] {
  const prior = options.priorWeight ?? options.minReviews;
  return teachers
    .filter((t) => t.reviewCount >= options.minReviews && t.reviewCount > 0)
    .map((teacher) => ({
      teacher,
      score: (prior * options.schoolMean + teacher.ratingSum) / (prior + teacher.reviewCount),
      rating: roundToOneDecimal(teacher.ratingSum / teacher.reviewCount),
    }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.teacher.reviewCount - a.teacher.reviewCount ||
        a.teacher.name.localeCompare(b.teacher.name, 'fr') ||
        a.teacher.id - b.teacher.id,
    );
}

/** The school mean from totals; 5 (the middle of the scale) before any review exists. */
export function schoolMean(totalRatingSum: number, totalReviewCount: number): number {
  return totalReviewCount > 0 ? totalRatingSum / totalReviewCount : 5;
}
