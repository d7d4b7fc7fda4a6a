import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';

interface ProfileDoc {
  _id: string;
  userId: string;
  firstSeenAt: Date;
}

/** When the rating service first saw each user (`profiles`, `_id` = the user id): the join date of /auth/me when the token has none. */
export class ProfileStore {
  constructor(private readonly docs: Collection<ProfileDoc>) {}

  /** Records the first sighting (a `$setOnInsert` alone: a later one keeps the first date). */
  async recordFirstSeen(userId: string): Promise<void> {
    try {
      await writeRetried(() =>
        this.docs.updateOne({ _id: userId }, { $setOnInsert: { userId, firstSeenAt: new Date() } }, { upsert: true }),
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // a concurrent first request won
    }
  }

  async firstSeen(userId: string): Promise<Date | null> {
    return (await this.docs.findOne({ _id: userId }))?.firstSeenAt ?? null;
  }

  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }
}
