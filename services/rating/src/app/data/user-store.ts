import type { Collection } from 'mongodb';
import { type Leases } from './leases';

/**
 * Per-user index (`user_index`, `_id` = the user id): the reviews a user wrote, favoured and
 * reported, so their pages read one document by `_id`, then each review by `_id`, instead of
 * filtering every review (FerretDB 1.x scans any filter but `_id`). Favourites live only here (in
 * the order they were added). An id is added to `reviews`/`reported` BEFORE the review it names is
 * written and readers check the review, so a crash in between leaves a dangling id, never a review
 * its author cannot find.
 */
export interface UserIndexDoc {
  _id: string;
  reviews: number[];
  favorites: number[];
  reported: number[];
}

const ids = (list: unknown): number[] => (Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : []);

export class UserStore {
  constructor(
    private readonly docs: Collection<UserIndexDoc>,
    private readonly leases: Leases,
  ) {}

  /** The user's index; lists never written (or a user never seen) read as empty. */
  async get(userId: string): Promise<UserIndexDoc> {
    const doc = await this.docs.findOne({ _id: userId });
    return { _id: userId, reviews: ids(doc?.reviews), favorites: ids(doc?.favorites), reported: ids(doc?.reported) };
  }

  /** Applies `change` to the user's index under the user's lease (one document write). */
  change(userId: string, change: (index: UserIndexDoc) => UserIndexDoc): Promise<UserIndexDoc> {
    return this.leases.run(`user:${userId}`, async (lease) => {
      const next = change(await this.get(userId));
      await lease.confirm();
      await this.docs.replaceOne({ _id: userId }, next, { upsert: true });
      return next;
    });
  }

  /** Adds `id` to one of the user's lists (one write: `$addToSet`, under the user's lease). */
  add(userId: string, list: 'reviews' | 'favorites' | 'reported', id: number): Promise<void> {
    return this.leases.run(`user:${userId}`, async (lease) => {
      await lease.confirm();
      await this.docs.updateOne({ _id: userId }, { $addToSet: { [list]: id } }, { upsert: true });
    });
  }

  remove(userId: string): Promise<void> {
    return this.leases.run(`user:${userId}`, async (lease) => {
      await lease.confirm();
      await this.docs.deleteOne({ _id: userId });
    });
  }
}

export const withoutId = (list: number[], id: number): number[] => list.filter((x) => x !== id);
