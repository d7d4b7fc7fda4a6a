import { REVIEW_ANSWER_KEYS, REVIEW_GRADE_KEYS, type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';
import { type ReviewDoc } from '../reviews/review';
import { type Breakdown, type ClassGroupCounts, groupOf } from './year-groups';

// A teacher's figures over his public reviews (`teacher_stats`), kept exact by `$inc` in each review write's transaction.
// `groups`: per fixed class group (year-groups.ts), live; `breakdown`: what the teacher page shows of them, frozen at the
// start of each month by the worker (never moved by a write); `rev` moves with every change of one of his public reviews.
export interface TeacherStats {
  reviewCount: number;
  ratingSum: number;
  dist: Record<string, number>;
  grades: Record<string, { sum: number; count: number }>;
  answers: Record<string, { yes: number; count: number }>;
  groups: ClassGroupCounts;
  breakdown?: Breakdown;
  rev: number;
  /** Moves with every change of one of his reviews that can change the community's lists (public-lists.ts): their version. */
  crev?: number;
}

/** What every process holds of each teacher (figures-feed.ts): what search, ranking and lists need, no map. */
export type ListedFigures = Pick<TeacherStats, 'reviewCount' | 'ratingSum' | 'rev'> & {
  crev: number;
  /** When his document last changed (ms, the database's clock; 0: never stamped): his page is read again after it. */
  changedAt: number;
};

export const listedFigures = (s: Partial<TeacherStats> & { changedAt?: Date }): ListedFigures => ({
  reviewCount: s.reviewCount ?? 0,
  ratingSum: s.ratingSum ?? 0,
  rev: s.rev ?? 0,
  crev: s.crev ?? 0,
  changedAt: s.changedAt?.getTime() ?? 0,
});

export const emptyStats = (): TeacherStats => ({ reviewCount: 0, ratingSum: 0, dist: {}, grades: {}, answers: {}, groups: {}, rev: 0 });

/** What one review adds to its teacher's figures, as `$inc` paths; null when it is not public. */
export function contribution(doc: ReviewDoc | null): { teacherId: number; inc: Record<string, number> } | null {
  if (!doc?.visible || !doc.pub) return null;
  const { pub } = doc;
  // Zeros are left out of a `$inc` (statsDelta): a field never incremented reads as 0.
  const inc: Record<string, number> = { reviewCount: 1, ratingSum: pub.tot_rating, [`dist.${pub.tot_rating}`]: 1 };
  for (const key of REVIEW_GRADE_KEYS) {
    const value = (pub.grades as ReviewGrades | undefined)?.[key];
    if (typeof value !== 'number') continue;
    inc[`grades.${key}.sum`] = value;
    inc[`grades.${key}.count`] = 1;
  }
  for (const key of REVIEW_ANSWER_KEYS) {
    const value = (pub.flags as ReviewAnswers | undefined)?.[key];
    if (typeof value !== 'boolean') continue;
    inc[`answers.${key}.yes`] = value ? 1 : 0;
    inc[`answers.${key}.count`] = 1;
  }
  const group = groupOf(pub.year);
  if (group) {
    inc[`groups.${group}.reviews`] = 1;
    inc[`groups.${group}.sum`] = pub.tot_rating;
  }
  return { teacherId: pub.teacherId, inc };
}

/** Per teacher, the `$inc` a review change makes (after's contribution minus before's, zeros left out, `rev` moved). */
export function statsDelta(before: ReviewDoc | null, after: ReviewDoc | null): Map<number, Record<string, number>> {
  const out = new Map<number, Record<string, number>>();
  const add = (part: ReturnType<typeof contribution>, sign: 1 | -1) => {
    if (!part) return;
    const inc = out.get(part.teacherId) ?? { rev: 1 };
    for (const [path, value] of Object.entries(part.inc)) inc[path] = (inc[path] ?? 0) + sign * value;
    out.set(part.teacherId, inc);
  };
  add(contribution(before), -1);
  add(contribution(after), 1);
  for (const inc of out.values()) for (const [path, value] of Object.entries(inc)) if (value === 0) delete inc[path];
  return out;
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** Per criterion its average over the reviews that graded it (null: none did); per yes/no question the percent of yeses (null: no answer). */
export function statsView(stats: TeacherStats): {
  criteria: Record<string, number | null>;
  answers: Record<string, number | null>;
  distribution: number[];
} {
  return {
    criteria: Object.fromEntries(
      REVIEW_GRADE_KEYS.map((k) => [k, stats.grades[k]?.count ? oneDecimal((stats.grades[k].sum ?? 0) / stats.grades[k].count) : null]),
    ),
    answers: Object.fromEntries(
      REVIEW_ANSWER_KEYS.map((k) => [
        k,
        stats.answers[k]?.count ? Math.round((100 * (stats.answers[k].yes ?? 0)) / stats.answers[k].count) : null,
      ]),
    ),
    distribution: Array.from({ length: 11 }, (_, rating) => stats.dist[String(rating)] ?? 0),
  };
}
