import { ensureDocument } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { type Counter } from './counter.schema';

/** The catalogue's version: a counter document (`counters`, `_id` = `catalogue`) moved by every change of teachers or subjects. */
const ID = 'catalogue';

/** Moves the catalogue's version on (after a change): every process's snapshot reads it again within a second. */
export async function catalogueChanged(counters: Model<Counter>): Promise<void> {
  await ensureDocument(() => counters.collection.insertOne({ _id: ID, seq: 0 } as never));
  await counters.updateOne({ _id: ID }, { $inc: { seq: 1 } }).exec();
}

/** The catalogue's version when it is not `known` (null: it is; an index probe by `_id` that reads nothing then). */
export async function catalogueVersionIfMoved(counters: Model<Counter>, known: number): Promise<number | null> {
  const doc = await counters
    .findOne({ _id: ID, seq: { $ne: known } }, { _id: 0, seq: 1 })
    .lean<{ seq: number }>()
    .exec();
  return doc ? doc.seq : null;
}

/** The catalogue's current version (0 before any change). */
export async function catalogueVersion(counters: Model<Counter>): Promise<number> {
  const doc = await counters.findOne({ _id: ID }, { _id: 0, seq: 1 }).lean<{ seq: number }>().exec();
  return doc?.seq ?? 0;
}
