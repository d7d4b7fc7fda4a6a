import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import { type Collection, type Connection } from 'mongoose';

/** `Idempotency-Key` of POST /api/rating/0: 8–128 letters, digits, `-` or `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

interface KeyDoc {
  _id: string;
  reviewId: number;
  at: Date;
}

// Which review a client's key stands for (`_id` = `<user>:<key>`), claimed BEFORE the review is written: a retry after a lost
// answer or a crash gets the original 201, under the same id.
export class IdempotencyKeys {
  private readonly docs: Collection<KeyDoc>;

  constructor(connection: Connection) {
    this.docs = connection.collection<KeyDoc>('idempotency_keys');
  }

  async find(userId: string, key: string): Promise<number | null> {
    return (await this.docs.findOne({ _id: `${userId}:${key}` }))?.reviewId ?? null;
  }

  /** Claims `key` for `reviewId`; returns the id it stands for (another one if a twin request claimed it first). */
  async claim(userId: string, key: string, reviewId: number): Promise<number> {
    try {
      await writeRetried(() => this.docs.insertOne({ _id: `${userId}:${key}`, reviewId, at: new Date() }));
      return reviewId;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await this.find(userId, key)) ?? reviewId;
    }
  }
}
