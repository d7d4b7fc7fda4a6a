// Test helpers shared by the review-ui, mfe-community and mfe-review specs (jest only).
export { deferred, type FakeAnswer, type FakeCall, fakeApi } from '@pupitre/api-client/src/testing';

/** Sample public reviews (dated to the month, without class year, as the API answers them). */
export function sampleReview(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    tot_rating: 7,
    text_rating: `Review number ${id}`,
    relatable: 50,
    relatable_count: 2,
    teacher: { id: 4, prefix: 'Mme', name: 'Durand' },
    subject: 'Maths',
    subject_id: 1,
    subject_color: '#1e88e5',
    created_at: `2025-0${Math.min(9, Math.max(1, id))}-01T00:00:00.000Z`,
    grades: {
      clarte: 8,
      interaction_soutien: 6,
      methodes: 10,
      justice: 4,
      ambiance: 8,
      gestion_temps: 6,
      amabilite: 10,
      gestion_colere: 8,
      charge_travail: 4,
      distraction: 6,
      difficulte: 2,
    },
    answers: { ponctuel: true, aide: false, greves: false, punitions: true },
    ...patch,
  };
}

/** The figures of GET /api/teacher/{id} for a teacher without public reviews (spread into a sample teacher). */
export const NO_FIGURES = {
  criteria: {},
  answers: {},
  distribution: Array.from({ length: 11 }, () => 0),
  by_year: [],
  by_year_until: '2026-11-01T00:00:00.000Z',
};
