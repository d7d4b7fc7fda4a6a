import { type Transparency } from '@pupitre/contracts';
import type { Collection } from 'mongodb';
import { type ClaimedDoc, claimInterval } from './interval-claims';

interface TransparencyDoc extends ClaimedDoc {
  generatedAt?: Date;
  months?: Transparency['months'];
}

const ID = 'monthly';

/** The transparency figures the workers computed last (`transparency`, one document by `_id`). */
export class TransparencyStore {
  constructor(private readonly docs: Collection<TransparencyDoc>) {}

  /**
   * Takes the next computation if none was taken in the last `intervalMs` (a compare-and-set on `startedAt`): one worker
   * of all computes per interval, and a worker that starts does not compute again figures that are fresh.
   */
  claim(now: Date, intervalMs: number): Promise<boolean> {
    return claimInterval(this.docs, ID, now, intervalMs);
  }

  async save(months: Transparency['months'], generatedAt: Date): Promise<void> {
    await this.docs.updateOne({ _id: ID }, { $set: { generatedAt, months } }, { upsert: true });
  }

  async load(): Promise<Transparency> {
    const doc = await this.docs.findOne({ _id: ID });
    return doc?.generatedAt
      ? { generated_at: new Date(doc.generatedAt).toISOString(), months: doc.months ?? [] }
      : { generated_at: null, months: [] };
  }
}
