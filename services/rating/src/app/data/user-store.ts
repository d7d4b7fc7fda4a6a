import { upsertRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';

// Per-user index (`_id` = user id): an id is added BEFORE the review it names is written and readers check the review,
// so a crash in between leaves a dangling id, never a review its author cannot find.
export interface UserIndexDoc {
  _id: string;
  reviews: number[];
  favorites: number[];
  reported: number[];
}

export type UserList = 'reviews' | 'favorites' | 'reported';

const ids = (list: unknown): number[] => (Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : []);

export class UserStore {
  constructor(private readonly docs: Collection<UserIndexDoc>) {}

  /** The user's index; lists never written (or a user never seen) read as empty. */
  async get(userId: string): Promise<UserIndexDoc> {
    const doc = await this.docs.findOne({ _id: userId });
    return { _id: userId, reviews: ids(doc?.reviews), favorites: ids(doc?.favorites), reported: ids(doc?.reported) };
  }

  async add(userId: string, list: UserList, id: number): Promise<void> {
    await upsertRetried(() => this.docs.updateOne({ _id: userId }, { $addToSet: { [list]: id } }, { upsert: true }));
  }

  async pull(userId: string, list: UserList, id: number): Promise<void> {
    await this.docs.updateOne({ _id: userId }, { $pull: { [list]: id } });
  }

  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }
}
