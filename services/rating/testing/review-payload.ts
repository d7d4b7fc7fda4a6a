import { REVIEW_FLAG_KEYS, REVIEW_GRADE_KEYS } from '@pupitre/contracts';

/** A valid review payload (override what the test is about). */
export function reviewPayload(teacher: number, subject: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    teacher,
    subject,
    year: 2,
    tot_rating: 7,
    ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 6])),
    ...Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, false])),
    text_rating: 'Tres bon cours, clair et bien organise.',
    ...overrides,
  };
}
