// Reads of the teacher page as the rating API answers them (tests of the renderer and of the
// client's takeover).
import { sampleReview } from '@pupitre/review-ui/src/testing';

export const TEACHER_PATH = '/teacher/1';

const teacher = {
  id: 1,
  prefix: 'Mme',
  name: 'Durand',
  rating: 7,
  reviews: 3,
  subjects: [{ id: 1, name: 'Maths', color: '#ff0000' }],
  criteria: {
    clarte: 8.6,
    interaction_soutien: 6,
    methodes: null,
    justice: 4.3,
    ambiance: 7,
    gestion_temps: 6,
    amabilite: 10,
    gestion_colere: 8,
    charge_travail: 4,
    distraction: 6,
    difficulte: 2,
  },
  answers: { ponctuel: 67, aide: 0, greves: null, punitions: 33, justice: null, distraction: 100 },
  distribution: [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1],
  by_year: [
    { years: [6, 5, 4, 3], reviews: 12, rating: 7.4 },
    { years: [2, 1, 0], reviews: 6, rating: null },
  ],
  by_year_until: '2026-11-01T00:00:00.000Z',
};

const byTeacher = (id: number) => ({ teacher: { id: 1, prefix: 'Mme', name: 'Durand' }, id });

export const TEACHER_READS = {
  '/api/teacher/1': teacher,
  '/api/teacher/1/reviews?limit=50': [
    { title: 'recent', reviews: [sampleReview(1, byTeacher(1)), sampleReview(2, byTeacher(2))] },
    { title: 'highest', reviews: [sampleReview(2, { ...byTeacher(2), tot_rating: 10 })] },
    { title: 'lowest', reviews: [] },
    { title: 'relevant', reviews: [sampleReview(3, byTeacher(3))] },
    {},
  ],
};

export const RANKING = [
  { id: 1, prefix: 'Mme', name: 'Durand', subjects: ['Maths'], rating: 8.46, score: 8.2, reviews: 12 },
  { id: 9, prefix: 'M.', name: 'Martin', subjects: [], rating: 7, score: 7.1, reviews: 3 },
];

export const COMMUNITY = [
  { title: 'recent', reviews: [sampleReview(1), sampleReview(2)] },
  { title: 'highest', reviews: [sampleReview(2, { tot_rating: 10 })] },
  { title: 'lowest', reviews: [] },
  { title: 'relevant', reviews: [sampleReview(3)] },
  {},
];
