import { updateCreating } from '@pupitre/server-kit';

/** The `counters` collection, as the driver's or a mongoose model's. */
interface Counters {
  findOneAndUpdate(filter: { _id: string }, update: { $inc: { seq: number } }, options: { returnDocument: 'after' }): Promise<unknown>;
  insertOne(doc: { _id: string; seq: number }): Promise<unknown>;
}

// Reserves `count` consecutive ids of a sequence by one `$inc`. The counter is created on its own first: DocumentDB does not add up
// concurrent first upserts with `$inc`.
export async function allocateIds(counters: Counters, sequence: string, count = 1): Promise<number[]> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`allocateIds: count must be a positive integer, got ${count}`);
  const doc = await updateCreating(
    async () => {
      const found = await counters.findOneAndUpdate({ _id: sequence }, { $inc: { seq: count } }, { returnDocument: 'after' });
      // The driver answers the document (v6+), mongoose the document too; older drivers wrapped it in `value`.
      return (found && typeof found === 'object' && 'value' in found ? (found as { value: unknown }).value : found) as {
        seq: number;
      } | null;
    },
    () => counters.insertOne({ _id: sequence, seq: 0 }),
  );
  if (!doc) throw new Error(`allocateIds: counter ${sequence} could not be created`);
  return Array.from({ length: count }, (_, i) => doc.seq - count + 1 + i);
}
