import type { Collection } from 'mongodb';
import { allocateIds } from './allocate-ids';

/** Integer ids from a `counters` document per sequence (`reviews`, `teachers`, `subjects`): one atomic `$inc` each. */
export class IdAllocator {
  constructor(private readonly counters: Collection<{ _id: string; seq: number }>) {}

  next(sequence: string, count = 1): Promise<number[]> {
    return allocateIds(this.counters as never, sequence, count);
  }
}
