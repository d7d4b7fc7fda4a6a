import { type Model } from 'mongoose';
import { type Counter } from './counter.schema';

/**
 * Reserves `count` consecutive integer ids of a sequence atomically (one `$inc`) and returns them.
 * Usable inside Nest (CountersService) and outside it (the seed).
 */
export async function allocateIds(counters: Model<Counter>, sequence: string, count = 1): Promise<number[]> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`allocateIds: count must be a positive integer, got ${count}`);
  const doc = await counters
    .findOneAndUpdate({ _id: sequence }, { $inc: { seq: count } }, { upsert: true, returnDocument: 'after' })
    .lean()
    .exec();
  if (!doc) throw new Error(`allocateIds: counter ${sequence} was not returned`);
  const last = doc.seq;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}
