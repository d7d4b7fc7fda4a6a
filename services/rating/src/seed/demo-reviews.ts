import {
  REVIEW_FLAG_KEYS as FLAG_NAMES,
  REVIEW_GRADE_KEYS as GRADE_NAMES,
  type ReviewAnswers as Flags,
  type ReviewGrades as Grades,
} from '@pupitre/contracts';
import { type DemoTeacher } from './demo-teachers';
import { intBetween, pick, prng } from './prng';

export interface DemoReview {
  subjectName: string;
  year: number;
  tot_rating: number;
  grades: Grades;
  flags: Flags;
  text_rating: string;
  createdAt: Date;
}

/** Comments within the contract's charset (letters without accents, digits, , . ? ! ' and space). */
export const DEMO_COMMENTS: readonly string[] = [
  'Cours tres clair, toujours disponible pour expliquer.',
  'Exigeant mais juste, on progresse beaucoup.',
  "Ambiance agreable, j'ai aime cette annee.",
  'Parfois difficile a suivre, mais les exercices aident.',
  'Beaucoup de travail a la maison.',
  'Tres bonne methode, les fiches de revision sont utiles.',
  'Pas toujours patient quand on ne comprend pas.',
  'Super prof, passionne par sa matiere !',
  '',
  '',
];

/** First day of the demo period; createdAt values are fixed offsets from it (idempotent seed). */
const EPOCH = Date.UTC(2025, 8, 1, 8, 0, 0);
const DAY = 86_400_000;

const clamp = (v: number) => Math.max(0, Math.min(10, Math.round(v)));

// How many reviews each teacher gets: about 22 teachers with 3 or more (they make the ranking), a few
// with 1–2 (below the ranking threshold) and the rest with none.
export function plannedReviewCount(index: number, random: () => number): number {
  if (index % 8 === 7) return 0;
  if (index < 24) return index % 11 === 5 ? 2 : intBetween(random, 3, 12);
  if (index % 12 === 1) return intBetween(random, 3, 6);
  if (index % 5 === 0) return intBetween(random, 1, 2);
  return 0;
}

export function demoReviewsFor(teacher: DemoTeacher, index: number): DemoReview[] {
  const random = prng(1000 + index);
  const count = plannedReviewCount(index, random);
  const quality = 3 + random() * 6.5; // the teacher's "true" level, 3–9.5
  return Array.from({ length: count }, (_, n) => {
    const tot = clamp(quality + (random() - 0.5) * 4);
    const grades = Object.fromEntries(GRADE_NAMES.map((g) => [g, clamp(tot + (random() - 0.5) * 4)])) as Grades;
    const flags = Object.fromEntries(FLAG_NAMES.map((f) => [f, random() < (f === 'ponctuel' || f === 'aide' ? 0.7 : 0.15)])) as Flags;
    return {
      subjectName: pick(random, teacher.subjects),
      year: intBetween(random, 0, 6),
      tot_rating: tot,
      grades,
      flags,
      text_rating: pick(random, DEMO_COMMENTS),
      createdAt: new Date(EPOCH + ((index * 7 + n * 13) * DAY) / 3),
    };
  });
}
