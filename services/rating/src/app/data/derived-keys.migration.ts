import { type Collection, type Connection, Types } from 'mongoose';
import { pairKey, reviewOid, teacherOid } from './keys';

const reviewTaskKey = (reviewId: number) => `review:${reviewId}`;

export const DERIVED_KEYS_MIGRATION = 'derived-keys-v1';

type Doc = { _id: unknown } & Record<string, unknown>;

/**
 * Brings a database written before keys were derived (keys.ts) to them, once: reviews and teachers
 * get `_id` from their integer `id`, votes, favourites and reports `<reviewId>:<userId>`, profiles
 * the user id; it fills
 * the per-user index (user_index) and the reconciler's to-do list (review_tasks). Each document is
 * parked in `migration_parking` before it is moved (delete, then insert: the unique indexes forbid
 * the copy beside the original), so a crash never loses one: the next run finishes the move. Safe
 * to run concurrently (every step is idempotent). Marked done in `migrations`.
 */
export async function migrateToDerivedKeys(
  connection: Connection,
  log: (msg: string, data?: object) => void = () => undefined,
): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; moved: Record<string, number> }>('migrations');
  if (await migrations.findOne({ _id: DERIVED_KEYS_MIGRATION })) return;
  const moved: Record<string, number> = {};
  moved.reviews = await rekey(connection, 'reviews', (d) => (typeof d.id === 'number' ? reviewOid(d.id) : null));
  moved.teachers = await rekey(connection, 'teachers', (d) => (typeof d.id === 'number' ? teacherOid(d.id) : null));
  for (const name of ['votes', 'favorites', 'reports']) {
    moved[name] = await rekey(connection, name, (d) =>
      typeof d.reviewId === 'number' && typeof d.userId === 'string' ? pairKey(d.reviewId, d.userId) : null,
    );
  }
  moved.profiles = await rekey(connection, 'profiles', (d) => (typeof d.userId === 'string' ? d.userId : null));
  moved.indexed = await buildIndexes(connection);
  await migrations.updateOne({ _id: DERIVED_KEYS_MIGRATION }, { $set: { at: new Date(), moved } }, { upsert: true });
  if (Object.values(moved).some((n) => n > 0)) log('database migrated to derived keys', moved);
}

const sameKey = (a: unknown, b: unknown) => (a instanceof Types.ObjectId && b instanceof Types.ObjectId ? a.equals(b) : a === b);

async function rekey(connection: Connection, name: string, keyOf: (doc: Doc) => unknown): Promise<number> {
  const collection = connection.collection<Doc>(name);
  const parking = connection.collection<{ _id: string; collection: string; doc: Doc }>('migration_parking');
  // Moves a crash interrupted: put back what is not there yet.
  for (const parked of await parking.find({ collection: name }).toArray()) {
    await insertIfMissing(collection, parked.doc);
    await parking.deleteOne({ _id: parked._id });
  }
  let count = 0;
  for (const doc of await collection.find({}).toArray()) {
    const key = keyOf(doc);
    if (key === null || sameKey(doc._id, key)) continue;
    const parkedId = `${name}:${String(doc._id)}`;
    await parking.updateOne({ _id: parkedId }, { $set: { collection: name, doc: { ...doc, _id: key } as Doc } }, { upsert: true });
    await collection.deleteOne({ _id: doc._id } as Record<string, unknown>);
    await insertIfMissing(collection, { ...doc, _id: key } as Doc);
    await parking.deleteOne({ _id: parkedId });
    count++;
  }
  return count;
}

async function insertIfMissing(collection: Collection<Doc>, doc: Doc): Promise<void> {
  if (await collection.findOne({ _id: doc._id } as Record<string, unknown>)) return;
  await collection.insertOne(doc);
}

/** The per-user index and the reconciler's tasks, from the reviews and favourites (one pass each). */
async function buildIndexes(connection: Connection): Promise<number> {
  const users = new Map<string, { reviews: number[]; favorites: number[] }>();
  const entry = (id: string) => users.get(id) ?? users.set(id, { reviews: [], favorites: [] }).get(id)!;
  const tasks: { reviewId: number; publishAt: Date | null }[] = [];
  const reviews = await connection
    .collection('reviews')
    .find({}, { projection: { id: 1, authorId: 1, status: 1, publishAt: 1, aggPending: 1 } })
    .toArray();
  for (const r of reviews) {
    entry(r.authorId).reviews.push(r.id);
    if (r.status === 'pending' || r.aggPending) tasks.push({ reviewId: r.id, publishAt: r.status === 'pending' ? r.publishAt : null });
  }
  for (const f of await connection
    .collection('favorites')
    .find({}, { projection: { reviewId: 1, userId: 1 } })
    .toArray())
    entry(f.userId).favorites.push(f.reviewId);
  const index = connection.collection<{ _id: string }>('user_index');
  for (const [userId, lists] of users) {
    await index.updateOne(
      { _id: userId },
      { $addToSet: { reviews: { $each: lists.reviews }, favorites: { $each: lists.favorites } } },
      { upsert: true },
    );
  }
  const todo = connection.collection<{ _id: string }>('review_tasks');
  for (const t of tasks) await todo.updateOne({ _id: reviewTaskKey(t.reviewId) }, { $set: t }, { upsert: true });
  return users.size + tasks.length;
}
