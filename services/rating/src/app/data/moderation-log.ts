import { type ModerationActionName } from '@pupitre/contracts';
import type { ClientSession, Collection, ObjectId } from 'mongodb';

/** A moderator's action; records of an earlier design have only `reviewId` (a review), no `target`, `teacherId` or `text`. */
export interface ModerationEntry {
  target?: 'review' | 'reply' | 'objection' | 'teacher';
  reviewId: number | null;
  teacherId?: number | null;
  action: ModerationActionName;
  reason: string | null;
  /** The moderator's own words beside the reason. */
  text?: string | null;
  moderatorId: string;
  before: Record<string, string | number | boolean | null>;
  after: Record<string, string | number | boolean | null>;
  at: Date;
}

/** A moderator's read of held and pending reviews (social.schema.ts, ModerationRead). */
export interface ModerationReadEntry {
  moderatorId: string;
  what: 'queue';
  reviewIds: number[];
  at: Date;
}

interface Dated {
  _id: ObjectId;
  at: Date;
}

/** A bounded batch: the ids of up to `limit` documents dated at or before `cut` (an index on `at`), then those deleted by `_id`. */
async function removeBefore(docs: Collection<Dated>, cut: Date, limit: number): Promise<number> {
  const ids = (await docs.find({ at: { $lte: cut } }, { projection: { _id: 1 }, limit }).toArray()).map((d) => d._id);
  if (!ids.length) return 0;
  return (await docs.deleteMany({ _id: { $in: ids } })).deletedCount;
}

export class ModerationLog {
  constructor(
    private readonly docs: Collection<ModerationEntry>,
    private readonly reads?: Collection<ModerationReadEntry>,
  ) {}

  /** A read of reviews others cannot see, recorded before they are shown: no record, no answer. */
  async recordRead(entry: ModerationReadEntry): Promise<void> {
    if (!this.reads) throw new Error('ModerationLog: no moderation_reads collection');
    await this.reads.insertOne({ ...entry });
  }

  /** In the decision's transaction (`session`): a decision is never stored without its record, nor a record without it. */
  async record(entry: ModerationEntry, session?: ClientSession): Promise<void> {
    await this.docs.insertOne({ ...entry }, { session });
  }

  /** Deletes up to `limit` actions taken at or before `cut` (index `at: -1`): how many went (retention sweep). */
  removeActionsBefore(cut: Date, limit: number): Promise<number> {
    return removeBefore(this.docs as unknown as Collection<Dated>, cut, limit);
  }

  /** Deletes up to `limit` reads made at or before `cut` (index `at: 1`): how many went (retention sweep). */
  removeReadsBefore(cut: Date, limit: number): Promise<number> {
    if (!this.reads) throw new Error('ModerationLog: no moderation_reads collection');
    return removeBefore(this.reads as unknown as Collection<Dated>, cut, limit);
  }

  /** A review's actions, in order (index `reviewId, at`). */
  history(reviewId: number): Promise<ModerationEntry[]> {
    return this.docs
      .find({ reviewId }, { projection: { _id: 0 } })
      .sort({ at: 1 })
      .toArray() as Promise<ModerationEntry[]>;
  }

  /** The latest actions since `since`, newest first (index `at: -1`). */
  latest(since: Date, limit: number): Promise<ModerationEntry[]> {
    return this.docs
      .find({ at: { $gte: since } }, { projection: { _id: 0 } })
      .sort({ at: -1 })
      .limit(limit)
      .toArray() as Promise<ModerationEntry[]>;
  }
}
