import { type Collection, type Connection } from 'mongoose';

export interface UserIndexDoc {
  _id: string;
  /** Ids of the reviews the user wrote (their own pages: /auth/me, /auth/me/reviews). */
  reviews: number[];
  /** Ids of the user's favourite reviews (/auth/me/favorites). */
  favorites: number[];
  /** The user's relatable votes by review id (their state on the community and teacher lists). */
  votes: Record<string, boolean>;
}

/**
 * Per-user index (`user_index`, `_id` = the user id): which reviews a user wrote and favoured and
 * how they voted, so their pages read one document by `_id` and then each review by `_id`, and the
 * state of a signed-in list is that one read, instead of filtering every review by author or every
 * vote by user (FerretDB 1.x scans any filter but `_id`). The votes here follow the `votes`
 * collection (the truth: counts are made from it); a crash between the two leaves the reader's
 * state behind until their next vote on that review. Ids are added BEFORE the document they
 * point to is written and readers check what they find, so a crash in between leaves at worst a
 * dangling id, never a missing review.
 */
const asIds = (list: unknown): number[] => (Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : []);
const asVotes = (map: unknown): Record<string, boolean> =>
  map && typeof map === 'object' ? Object.fromEntries(Object.entries(map).filter((e): e is [string, boolean] => typeof e[1] === 'boolean')) : {};

export class UserIndex {
  readonly docs: Collection<UserIndexDoc>;

  constructor(connection: Connection) {
    this.docs = connection.collection<UserIndexDoc>('user_index');
  }

  /** The user's index; a list never written (or a user never seen) reads as empty. */
  async get(userId: string): Promise<UserIndexDoc> {
    const doc = await this.docs.findOne({ _id: userId });
    return { _id: userId, reviews: asIds(doc?.reviews), favorites: asIds(doc?.favorites), votes: asVotes(doc?.votes) };
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

  /** Records the user's vote on a review (null: removed). The caller holds the user's lock. */
  async setVote(userId: string, reviewId: number, value: boolean | null): Promise<void> {
    const field = `votes.${reviewId}`;
    await this.docs.updateOne({ _id: userId }, value === null ? { $unset: { [field]: '' } } : { $set: { [field]: value } }, { upsert: value !== null });
  }

  async removeFavorite(userId: string, reviewId: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $pull: { favorites: reviewId } });
  }

  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }
}
