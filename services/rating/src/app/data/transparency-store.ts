import { type Transparency } from '@pupitre/contracts';
import type { Collection } from 'mongodb';

interface TransparencyDoc {
  _id: string;
  generatedAt: Date;
  months: Transparency['months'];
}

const ID = 'monthly';

/** The transparency figures the worker computed last (`transparency`, one document by `_id`). */
export class TransparencyStore {
  constructor(private readonly docs: Collection<TransparencyDoc>) {}

  async save(months: Transparency['months'], generatedAt: Date): Promise<void> {
    await this.docs.replaceOne({ _id: ID }, { generatedAt, months }, { upsert: true });
  }

  async load(): Promise<Transparency> {
    const doc = await this.docs.findOne({ _id: ID });
    return doc ? { generated_at: new Date(doc.generatedAt).toISOString(), months: doc.months } : { generated_at: null, months: [] };
  }
}
