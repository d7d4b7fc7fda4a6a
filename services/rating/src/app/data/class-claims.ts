import { Schema } from 'mongoose';
import type { ClientSession, Collection } from 'mongodb';
import { type ReviewDoc } from '../reviews/review';

type Claimant = Pick<ReviewDoc, 'id' | 'authorId' | 'teacherId' | 'subjectId' | 'year'>;

/** One document per review, keyed by its author and class: `_id` is unique, so an author writes one review per class. */
export interface ClaimDoc {
  _id: string;
  reviewId: number;
}

// No index but `_id`. A unique compound index on the reviews did the same job, but DocumentDB checked it against every
// review sharing one of its fields (the teacher, the year), so each review write cost more as the reviews grew.
export const ClassClaimSchema = new Schema(
  {},
  { collection: 'review_claims', strict: false, versionKey: false, id: false, autoCreate: true },
);

export const classKey = (review: Claimant): string => JSON.stringify([review.authorId, review.teacherId, review.subjectId, review.year]);

export type ClaimMove = (session: ClientSession) => Promise<void>;

/** The claims of the reviews' classes, changed in the transaction of the review write that changes a class. */
export class ClassClaims {
  constructor(private readonly docs: Collection<ClaimDoc>) {}

  // What a review write from `before` to `after` (null: none) does to the claims, null when nothing: `after`'s class claimed
  // (a duplicate-key error when another review holds it: the transaction then writes nothing), `before`'s released.
  move(before: Claimant | null, after: Claimant | null): ClaimMove | null {
    const [from, to] = [before && classKey(before), after && classKey(after)];
    if (from === to) return null;
    return async (session) => {
      if (before && from) await this.docs.deleteOne({ _id: from, reviewId: before.id }, { session });
      if (after && to) await this.docs.insertOne({ _id: to, reviewId: after.id }, { session });
    };
  }

  /** Claims every class of `reviews` not claimed yet (the seed, the migration): one write per `batch` reviews. */
  async claimAll(reviews: AsyncIterable<Claimant>, batch = 1000, progress?: (seen: number) => void): Promise<number> {
    let [seen, claimed] = [0, 0];
    let docs: ClaimDoc[] = [];
    const flush = async () => {
      if (docs.length) claimed += await this.insertMissing(docs);
      docs = [];
    };
    for await (const review of reviews) {
      docs.push({ _id: classKey(review), reviewId: review.id });
      if (++seen % batch === 0) {
        await flush();
        progress?.(seen);
      }
    }
    await flush();
    return claimed;
  }

  /** Inserts `docs`, those already there left as they are (a run again after a crash). */
  private async insertMissing(docs: ClaimDoc[]): Promise<number> {
    try {
      return (await this.docs.insertMany(docs, { ordered: false })).insertedCount;
    } catch (err) {
      const result = err as { insertedCount?: number; writeErrors?: { code?: number }[] | { code?: number } };
      const errors = [result.writeErrors ?? []].flat();
      if (!errors.length || errors.some((e) => e.code !== 11000)) throw err;
      return result.insertedCount ?? 0;
    }
  }
}
