import { updateCreating } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { Schema } from 'mongoose';

// Per-user index (`_id` = user id): an id is added BEFORE the review it names is written and readers check the review,
// so a crash in between leaves a dangling id, never a review its author cannot find.
export interface UserIndexDoc {
  _id: string;
  reviews: number[];
  favorites: number[];
  reported: number[];
}

export type UserList = 'reviews' | 'favorites' | 'reported';

/** Its declared indexes: `_id`, and who favoured or reported a review (to forget a deleted one). */
export const UserIndexSchema = new Schema({}, { collection: 'user_index', strict: false, versionKey: false, id: false, autoCreate: true });
UserIndexSchema.index({ favorites: 1 });
UserIndexSchema.index({ reported: 1 });

const ids = (list: unknown): number[] => (Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : []);

export class UserStore {
  constructor(private readonly docs: Collection<UserIndexDoc>) {}

  /** The user's index; lists never written (or a user never seen) read as empty. */
  async get(userId: string): Promise<UserIndexDoc> {
    const doc = await this.docs.findOne({ _id: userId });
    return { _id: userId, reviews: ids(doc?.reviews), favorites: ids(doc?.favorites), reported: ids(doc?.reported) };
  }

  /**
   * Adds `id` to one of the user's lists. Their first entry creates the document on its own first: on DocumentDB,
   * concurrent upserts of one new document lose updates (20 reviews created at once by one new user lost the one kept).
   */
  async add(userId: string, list: UserList, id: number): Promise<void> {
    await updateCreating(
      async () => ((await this.docs.updateOne({ _id: userId }, { $addToSet: { [list]: id } })).matchedCount ? true : null),
      () => this.docs.insertOne({ _id: userId, reviews: [], favorites: [], reported: [] }),
    );
  }

  async pull(userId: string, list: UserList, id: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $pull: { [list]: id } });
  }

  /** A review deleted for good leaves every user's favourites and reports (its author's list is the caller's). */
  async forgetReview(id: number): Promise<void> {
    await this.docs.updateMany({ favorites: id }, { $pull: { favorites: id } });
    await this.docs.updateMany({ reported: id }, { $pull: { reported: id } });
  }

  /** Reports deleted for good (retention) leave their reporters' lists: one write for them all. */
  async forgetReports(reports: { userId: string; reviewId: number }[]): Promise<void> {
    if (!reports.length) return;
    await this.docs.bulkWrite(
      reports.map(({ userId, reviewId }) => ({ updateOne: { filter: { _id: userId }, update: { $pull: { reported: reviewId } } } })),
      { ordered: false },
    );
  }

  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }
}
