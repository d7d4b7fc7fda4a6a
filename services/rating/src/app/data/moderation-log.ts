import type { Collection } from 'mongodb';

export interface ModerationEntry {
  reviewId: number;
  action: 'approve' | 'reject' | 'restore';
  reason: string | null;
  moderatorId: string;
  before: { status: string; hidden: boolean; visible: boolean };
  after: { status: string; hidden: boolean; visible: boolean };
  at: Date;
}

/** Every moderator action, recorded (`moderation_actions`): who, when, before, after. */
export class ModerationLog {
  constructor(private readonly docs: Collection<ModerationEntry>) {}

  async record(entry: ModerationEntry): Promise<void> {
    await this.docs.insertOne({ ...entry });
  }

  /** A review's actions, in order (index `reviewId, at`). */
  history(reviewId: number): Promise<ModerationEntry[]> {
    return this.docs.find({ reviewId }, { projection: { _id: 0 } }).sort({ at: 1 }).toArray() as Promise<ModerationEntry[]>;
  }
}
