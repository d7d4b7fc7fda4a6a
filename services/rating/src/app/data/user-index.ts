import { type Collection, type Connection } from 'mongoose';

export interface UserIndexDoc {
  _id: string;
  /** Ids of the reviews the user wrote (their own pages: /auth/me, /auth/me/reviews). */
  reviews: number[];
  /** Ids of the user's favourite reviews (/auth/me/favorites). */
  favorites: number[];
}

/**
 * Per-user index (`user_index`, `_id` = the user id): which reviews a user wrote and favoured, so
 * their pages read one document by `_id` and then each review by `_id`, instead of filtering every
 * review by author (FerretDB 1.x scans any filter but `_id`). Ids are added BEFORE the document they
 * point to is written and readers check what they find, so a crash in between leaves at worst a
 * dangling id, never a missing review.
 */
const asIds = (list: unknown): number[] => (Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : []);

export class UserIndex {
  readonly docs: Collection<UserIndexDoc>;

  constructor(connection: Connection) {
    this.docs = connection.collection<UserIndexDoc>('user_index');
  }

  /** The user's index; a list never written (or a user never seen) reads as empty. */
  async get(userId: string): Promise<UserIndexDoc> {
    const doc = await this.docs.findOne({ _id: userId });
    return { _id: userId, reviews: asIds(doc?.reviews), favorites: asIds(doc?.favorites) };
  }

  // One operator per write: FerretDB 1.x drops a `$setOnInsert` beside another operator, so a list
  // is created by the `$addToSet` that first adds to it, and readers take a missing list as empty.
  async addReview(userId: string, reviewId: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $addToSet: { reviews: reviewId } }, { upsert: true });
  }

  async addFavorite(userId: string, reviewId: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $addToSet: { favorites: reviewId } }, { upsert: true });
  }

  async removeReview(userId: string, reviewId: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $pull: { reviews: reviewId } });
  }

  async removeFavorite(userId: string, reviewId: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $pull: { favorites: reviewId } });
  }

  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }
}
