import { type ObjectionState } from '@pupitre/contracts';
import { inTransaction, isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import type { ClientSession, Collection, MongoClient } from 'mongodb';
import { type Objection } from './objection.schema';

export type ObjectionDoc = Objection;
const key = (teacherId: number) => `teacher:${teacherId}`;

export type Decided = { before: ObjectionDoc; after: ObjectionDoc };

/** One objection per teacher (`_id` = `teacher:<id>`); each transition is a write conditional on the state it starts from. */
export class ObjectionStore {
  constructor(
    private readonly docs: Collection<ObjectionDoc>,
    private readonly client: MongoClient,
  ) {}

  /** An erased account's objections stay (a teacher's objection is his record's), detached from it: `tombstone` instead. */
  async detach(userId: string, tombstone: string): Promise<number> {
    return (await writeRetried(() => this.docs.updateMany({ userId }, { $set: { userId: tombstone } }))).modifiedCount;
  }

  get(teacherId: number): Promise<ObjectionDoc | null> {
    return this.docs.findOne({ _id: key(teacherId) });
  }

  /** A new objection: written when the teacher has none, or replaces a refused one; null when one is open or accepted. */
  async open(doc: Omit<ObjectionDoc, '_id'>): Promise<ObjectionDoc | null> {
    const full = { ...doc, _id: key(doc.teacherId) };
    try {
      await writeRetried(() => this.docs.insertOne(full));
      return full;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const replaced = await this.docs.replaceOne({ _id: full._id, state: 'refused' }, full);
    return replaced.matchedCount === 1 ? full : null;
  }

  /**
   * Moves the open objection of `teacherId` to its decision, and writes `also` (the audit record) in its transaction: the document
   * before and after, or null when none is open (nothing written then).
   */
  async decide(
    teacherId: number,
    decision: Pick<ObjectionDoc, 'state' | 'decidedAt' | 'reason' | 'reasonText' | 'eraseAfter'>,
    also: (decided: Decided, session: ClientSession) => Promise<void> = async () => undefined,
  ): Promise<Decided | null> {
    let decided: Decided | null = null;
    await inTransaction(this.client, async (session) => {
      decided = null;
      const before = await this.docs.findOneAndUpdate(
        { _id: key(teacherId), state: 'open' },
        { $set: decision },
        { returnDocument: 'before', session },
      );
      if (!before) return false;
      decided = { before, after: { ...before, ...decision } };
      await also(decided, session);
      return true;
    });
    return decided;
  }

  list(state: ObjectionState, limit = 500): Promise<ObjectionDoc[]> {
    return this.docs.find({ state }).sort({ at: 1 }).limit(limit).toArray();
  }

  async remove(teacherId: number): Promise<void> {
    await this.docs.deleteOne({ _id: key(teacherId) });
  }
}
