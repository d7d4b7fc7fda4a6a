import { type Transparency } from '@pupitre/contracts';
import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';

interface TransparencyDoc {
  _id: string;
  /** When a worker last took the computation (claim): the next one is due an interval later, whichever worker takes it. */
  startedAt?: Date;
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
  async claim(now: Date, intervalMs: number): Promise<boolean> {
    const due = { $or: [{ startedAt: { $exists: false } }, { startedAt: { $lte: new Date(now.getTime() - intervalMs) } }] };
    try {
      const { modifiedCount, upsertedCount } = await writeRetried(() =>
        this.docs.updateOne({ _id: ID, ...due }, { $set: { startedAt: now } }, { upsert: true }),
      );
      return modifiedCount + upsertedCount === 1;
    } catch (err) {
      if (isDuplicateKey(err)) return false; // taken: the upsert met the document its filter left out
      throw err;
    }
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
