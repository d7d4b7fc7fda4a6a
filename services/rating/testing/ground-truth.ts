// THE ADAPTER between the tests that judge the rating service from outside (testing/cluster/, the
// fault and concurrency tests) and its database documents. Everything those tests know of the
// schema is here: rewrite this one file when the documents change (issue #14), keep its exports.
// Written for the schema of ADR 0009: one document per review (its public version `pub`, `visible`,
// its votes as the array `voters` of `{u: userId, v: 1 | 0}` and its reports inside it); favourites in `user_index`.
import { type Db } from 'mongodb';
import { monthIndex, MONTH_UNIT, shuffleKey } from '../src/app/reviews/list-keys';

/** A review as the public sees it at the snapshot's instant (the version shown, never the author). */
export interface ShownReview {
  id: number;
  teacherId: number;
  subjectId: number;
  year: number;
  tot_rating: number;
  /** Its place in the `recent` lists, newest first: the month it was first public, then a shuffle (list-keys.ts). */
  recentRank: number;
}

/** What the source documents say at one instant. */
export interface GroundTruth {
  at: number;
  /** Every review id with the number of review documents carrying it (1: neither lost nor doubled). */
  reviewCopies: Map<number, number>;
  /** Who wrote each review (the opaque user id; erased authors are replaced by a tombstone). */
  authorOf: Map<number, string>;
  /** The reviews public at `at`, in the version shown. */
  shown: Map<number, ShownReview>;
  votes: { reviewId: number; userId: string; value: boolean }[];
  favourites: { reviewId: number; userId: string }[];
  reports: { reviewId: number; userId: string }[];
  /** Teachers of the catalogue (archived ones are out of the ranking). */
  teachers: { id: number; archived: boolean }[];
}

type Doc = Record<string, unknown>;

/** Reads the source documents (reviews, user indexes, teachers) as of `at`. */
export async function readGroundTruth(db: Db, at = Date.now()): Promise<GroundTruth> {
  const [reviews, indexes, teachers] = await Promise.all(
    ['reviews', 'user_index', 'teachers'].map((name) => db.collection<Doc>(name).find({}).toArray()),
  );
  const reviewCopies = new Map<number, number>();
  const authorOf = new Map<number, string>();
  const shown = new Map<number, ShownReview>();
  const votes: GroundTruth['votes'] = [];
  const reports: GroundTruth['reports'] = [];
  for (const r of reviews) {
    const id = r.id as number;
    reviewCopies.set(id, (reviewCopies.get(id) ?? 0) + 1);
    authorOf.set(id, r.authorId as string);
    const pub = r.pub as Doc | null;
    if (r.visible && pub) {
      shown.set(id, {
        id,
        teacherId: pub.teacherId as number,
        subjectId: pub.subjectId as number,
        year: pub.year as number,
        tot_rating: pub.tot_rating as number,
        recentRank: monthIndex((r.firstPublishedAt ?? pub.publishedAt ?? r.createdAt) as Date) * MONTH_UNIT + shuffleKey(id),
      });
    }
    for (const voter of (r.voters as { u: string; v: number }[]) ?? []) votes.push({ reviewId: id, userId: voter.u, value: voter.v === 1 });
    for (const report of (r.reports as { userId: string }[]) ?? []) reports.push({ reviewId: id, userId: report.userId });
  }
  const existing = new Set(reviewCopies.keys());
  const favourites = indexes.flatMap((u) =>
    ((u.favorites as number[]) ?? []).filter((id) => existing.has(id)).map((reviewId) => ({ reviewId, userId: String(u._id) })),
  );
  return {
    at,
    reviewCopies,
    authorOf,
    shown,
    votes,
    favourites,
    reports,
    teachers: teachers.map((t) => ({ id: t.id as number, archived: Boolean(t.archived) })),
  };
}

/** The public reviews of a teacher according to the documents. */
export const shownReviewsOf = (truth: GroundTruth, teacherId: number): ShownReview[] =>
  [...truth.shown.values()].filter((r) => r.teacherId === teacherId);

/** The relatable vote counts of a review according to the documents. */
export function voteCountsOf(truth: GroundTruth, reviewId: number): { up: number; total: number } {
  const votes = truth.votes.filter((v) => v.reviewId === reviewId);
  return { up: votes.filter((v) => v.value).length, total: votes.length };
}

/** The aggregates of a teacher recomputed from the documents: public reviews and the sum of their tot_rating. */
export function teacherAggregatesOf(truth: GroundTruth, teacherId: number): { count: number; sum: number } {
  const shown = shownReviewsOf(truth, teacherId);
  return { count: shown.length, sum: shown.reduce((s, r) => s + r.tot_rating, 0) };
}
