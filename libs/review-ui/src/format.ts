// Small display rules shared by every screen that shows teachers and reviews.

/** "Mme Durand" (no stray space when a prefix is empty). */
export function teacherName(teacher: { prefix?: string | null; name: string }): string {
  return [teacher.prefix, teacher.name].filter(Boolean).join(' ');
}

/** A rating 0–10 shown with one decimal: 8.46 → "8.5". */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** A rating 0–10 as a star value 0–5 in halves (rating / 2, rounded to the nearest half star). */
export function starValue(rating: number): number {
  return Math.round(Math.max(0, Math.min(10, rating))) / 2;
}

/** A review's count of relatable votes and percent, guarded against odd inputs. */
export function clampPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.max(0, Math.min(100, Math.round(percent))) : 0;
}
