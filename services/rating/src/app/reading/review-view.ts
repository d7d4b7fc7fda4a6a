import {
  type MyReview,
  REVIEW_ANSWER_KEYS,
  REVIEW_GRADE_KEYS,
  type PublicReview,
  type ReviewAnswers,
  type ReviewGrades,
} from '@pupitre/contracts';
import { type ReviewContent } from '../reviews/review';
import { type Catalogue } from '../data/catalogue-snapshot';

export interface ReviewViewSource {
  id: number;
  relUp: number;
  relTotal: number;
  createdAt: Date | number;
  /** When it was first public: its public date (the month of its release, never of its writing). */
  firstPublishedAt?: Date | number | null;
  reply?: { text: string; status: string; publishedAt: Date | number | null } | null;
}

export const relatablePercent = (up: number, total: number) => (total > 0 ? Math.round((100 * up) / total) : 0);

/** The public review object: no author, and nothing that narrows the author down in a small school (no class year, dates to the month). */
export function toPublicReview(review: ReviewViewSource, content: ReviewContent, catalogue: Catalogue): PublicReview {
  const teacher = catalogue.teachers.get(content.teacherId);
  const subject = catalogue.subjects.get(content.subjectId);
  return {
    id: review.id,
    tot_rating: content.tot_rating,
    text_rating: content.text_rating ?? '',
    relatable: relatablePercent(review.relUp ?? 0, review.relTotal ?? 0),
    relatable_count: review.relTotal ?? 0,
    teacher: { id: content.teacherId, prefix: teacher?.prefix ?? '', name: teacher?.name ?? '' },
    subject: subject?.name ?? '',
    subject_id: content.subjectId,
    subject_color: subject?.color ?? '#9e9e9e',
    // The month it was first released, not written: a release early in a month dates nothing of the month before.
    created_at: publicMonth(review.firstPublishedAt ?? review.createdAt),
    grades: publicGrades(content.grades),
    answers: publicAnswers(content.flags),
    ...(review.reply?.status === 'published' && review.reply.publishedAt
      ? { reply: { text: review.reply.text, created_at: publicMonth(review.reply.publishedAt) } }
      : {}),
  };
}

/** The author's own review (without its status): the public object, and the class year and the day it was written. */
export function toAuthorReview(
  review: ReviewViewSource,
  content: ReviewContent,
  catalogue: Catalogue,
): Omit<MyReview, 'status' | 'reason' | 'reason_text'> {
  return { ...toPublicReview(review, content, catalogue), year: content.year, created_at: publicDay(review.createdAt) };
}

/** The criteria a version was given (integers 0–10), by name; a criterion it lacks stays absent. */
export function publicGrades(grades: ReviewGrades | undefined): ReviewGrades {
  const out: ReviewGrades = {};
  for (const key of REVIEW_GRADE_KEYS) {
    const value = grades?.[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10) out[key] = value;
  }
  return out;
}

export function publicAnswers(answers: ReviewAnswers | undefined): ReviewAnswers {
  const out: ReviewAnswers = {};
  for (const key of REVIEW_ANSWER_KEYS) {
    const value = answers?.[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** The day only (UTC midnight): how an author reads the date of their own review. */
export function publicDay(date: Date | string | number): string {
  const d = new Date(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
}

/** A public date: the month only (its first day, UTC midnight), so that the day of writing tells nothing of the author. */
export function publicMonth(date: Date | string | number): string {
  const d = new Date(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
}

/** Wilson score lower bound (95 %) of the share of "relatable" votes: ranks the relevant category. */
export function wilsonLowerBound(up: number, total: number, z = 1.96): number {
  if (total <= 0) return 0;
  const p = up / total;
  const z2 = z * z;
  return (p + z2 / (2 * total) - z * Math.sqrt((p * (1 - p) + z2 / (4 * total)) / total)) / (1 + z2 / total);
}
