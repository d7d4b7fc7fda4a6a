import { markContended } from '../tracing/request-trace';

/** Whether a write failed on a unique index (code 11000, "E11000"). */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: number }).code === 11000 || /E11000/.test((err as Error).message ?? '');

/**
 * Whether a write lost a conflict with a concurrent one and may simply be sent again: MongoDB's
 * WriteConflict (112); DocumentDB answers 112 for a PostgreSQL deadlock between concurrent inserts
 * of one unique key and for a row lock not taken within 20 ms in a transaction (SqlState 55P03: a
 * transaction of another session holds it, one of a client that died included, until the database
 * ends it), and 16777220 for a serialization failure, none with a retry label.
 */
export const isWriteConflict = (err: unknown): boolean => {
  const code = (err as { code?: number }).code;
  return code === 112 || code === 16777220 || /deadlock detected|could not serialize/.test((err as Error).message ?? '');
};

/** How many times a write that lost a conflict is sent in all, with a growing random pause between. */
export const WRITE_CONFLICT_ATTEMPTS = 8;

/** The pause before try `attempt + 1` of a write that lost a conflict: random, up to 10, 20, 40… 200 ms (at most 1 s in all). */
export const conflictPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * 2 ** attempt, 200)));

/**
 * Runs a write, again when it lost a write conflict (above): the next try sees the winner's
 * document (E11000 for an insert of the same key, an update of it for an upsert).
 */
export async function writeRetried<T>(write: () => Promise<T>, attempts = WRITE_CONFLICT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      if (!isWriteConflict(err) || attempt >= attempts) throw err;
      markContended();
      await conflictPause(attempt);
    }
  }
}

/**
 * Runs an upsert on a unique key, once more when it failed on that key or lost a write conflict:
 * two writers upserting the same missing document both insert, and one gets E11000 (MongoDB retries
 * such an upsert itself only in some cases) or 112. The next try finds the document and updates it.
 * Never use it for an upsert with an update operator (`$inc`, `$addToSet`, `$push`) on a document that
 * may not exist yet: DocumentDB loses updates of concurrent first upserts; use updateCreating. A
 * whole-document `replaceOne` upsert is safe.
 */
export async function upsertRetried<T>(upsert: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeRetried(upsert);
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= attempts) throw err;
    }
  }
}

/**
 * Inserts `doc` unless a document with its `_id` exists (a concurrent first write included): the
 * one safe way to create a document that concurrent writers then update with `$inc`.
 */
export async function ensureDocument(insert: () => Promise<unknown>): Promise<void> {
  try {
    await writeRetried(insert);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * The safe form of an upsert with an update operator (`$inc`, `$addToSet`): runs `update` (its result, or
 * null when no document matched); when the document does not exist yet, creates it apart first
 * (`ensureDocument(insert)`, a concurrent creation included) and runs `update` once more. One write when the
 * document exists. Null only when the document was deleted again in between.
 */
export async function updateCreating<T>(update: () => Promise<T | null>, insert: () => Promise<unknown>): Promise<T | null> {
  const first = await writeRetried(update);
  if (first !== null) return first;
  await ensureDocument(insert);
  return writeRetried(update);
}
