import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import { type Collection, type Connection, Schema } from 'mongoose';

/** `Idempotency-Key` of POST /api/rating/0: 8–128 letters, digits, `-` or `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** How long a create's key is kept: a day covers any retry of a lost answer. */
export const IDEMPOTENCY_KEY_TTL_S = 24 * 3600;

/** Its declared index: keys expire IDEMPOTENCY_KEY_TTL_S after they were claimed (the database removes them). */
export const IdempotencyKeySchema = new Schema(
  {},
  { collection: 'idempotency_keys', strict: false, versionKey: false, id: false, autoCreate: true },
);
IdempotencyKeySchema.index({ at: 1 }, { expireAfterSeconds: IDEMPOTENCY_KEY_TTL_S });

interface KeyDoc {
  _id: string;
  reviewId: number;
  at: Date;
}

// Which review a client's key stands for (`_id` = `<user>:<key>`), claimed BEFORE the review is written: a retry after a lost
// answer or a crash gets the original 201, under the same id. A key expires after IDEMPOTENCY_KEY_TTL_S (a TTL index on `at`:
// it tied an account to a review for ever), and goes with its account at erasure.
export class IdempotencyKeys {
  private readonly docs: Collection<KeyDoc>;

  constructor(connection: Connection) {
    this.docs = connection.collection<KeyDoc>('idempotency_keys');
  }

  /** Every key of an erased account (`_id` starts with `<user>:`: a range of the `_id` index). */
  async forget(userId: string): Promise<number> {
    const prefix = `${userId}:`;
    return (await this.docs.deleteMany({ _id: { $gte: prefix, $lt: `${userId};` } })).deletedCount; // ';' follows ':'
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
