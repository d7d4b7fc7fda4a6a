// Small display rules shared by every screen that shows teachers and reviews.

/** "Mme Durand" (no stray space when a prefix is empty). */
export function teacherName(teacher: { prefix?: string | null; name: string }): string {
  return [teacher.prefix, teacher.name].filter(Boolean).join(' ');
}

/** A review's count of relatable votes and percent, guarded against odd inputs. */
export function clampPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.max(0, Math.min(100, Math.round(percent))) : 0;
}
