import { type ObjectionState } from '@pupitre/contracts';
import type { Collection } from 'mongodb';
import { type Objection } from './objection.schema';

export type ObjectionDoc = Objection;
const key = (teacherId: number) => `teacher:${teacherId}`;

/**
 * Teachers' objections (`objections`): read and written by `_id` under the teacher's lease (the
 * caller's), the open ones listed for the moderators (index `state, at`).
 */
export class ObjectionStore {
  constructor(private readonly docs: Collection<ObjectionDoc>) {}

  get(teacherId: number): Promise<ObjectionDoc | null> {
    return this.docs.findOne({ _id: key(teacherId) });
  }

  async put(doc: Omit<ObjectionDoc, '_id'>): Promise<ObjectionDoc> {
    const full = { ...doc, _id: key(doc.teacherId) };
    await this.docs.replaceOne({ _id: full._id }, full, { upsert: true });
    return full;
  }

  /** Objections in `state`, oldest first. */
  list(state: ObjectionState, limit = 500): Promise<ObjectionDoc[]> {
    return this.docs.find({ state }).sort({ at: 1 }).limit(limit).toArray();
  }

  async remove(teacherId: number): Promise<void> {
    await this.docs.deleteOne({ _id: key(teacherId) });
  }
}
