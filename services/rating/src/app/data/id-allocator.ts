import type { Collection } from 'mongodb';
import { type Leases } from './leases';

/**
 * Integer ids from a `counters` document per sequence (`reviews`, `teachers`, `subjects`), handed
 * out under the sequence's lease (FerretDB 1.x does not isolate `$inc`).
 */
export class IdAllocator {
  constructor(
    private readonly counters: Collection<{ _id: string; seq: number }>,
    private readonly leases: Leases,
  ) {}

  /** `count` consecutive new ids of `sequence`. */
  next(sequence: string, count = 1): Promise<number[]> {
    return this.leases.run(`counter:${sequence}`, async (lease) => {
      await lease.confirm();
      const doc = await this.counters.findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: count } },
        { upsert: true, returnDocument: 'after' },
      );
      const last = doc?.seq ?? count;
      return Array.from({ length: count }, (_, i) => last - count + 1 + i);
    });
  }
}
