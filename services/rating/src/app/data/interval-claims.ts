import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';

export interface ClaimedDoc {
  _id: string;
  /** When a process last took the work: the next one is due an interval later, whichever process takes it. */
  startedAt?: Date;
  /** For work done once per period (a month's breakdowns): the last period done. */
  done?: string;
}

/**
 * Takes the work `id` if no process took it in the last `intervalMs`: a compare-and-set on `startedAt` in the write's
 * filter, so one process of all does it per interval, and nothing but the database decides which (no Redis, no lock).
 */
export async function claimInterval(docs: Collection<ClaimedDoc>, id: string, now: Date, intervalMs: number): Promise<boolean> {
  const due = { $or: [{ startedAt: { $exists: false } }, { startedAt: { $lte: new Date(now.getTime() - intervalMs) } }] };
  try {
    const { modifiedCount, upsertedCount } = await writeRetried(() =>
      docs.updateOne({ _id: id, ...due }, { $set: { startedAt: now } }, { upsert: true }),
    );
    return modifiedCount + upsertedCount === 1;
  } catch (err) {
    if (isDuplicateKey(err)) return false; // taken: the upsert met the document its filter left out
    throw err;
  }
}

/** The workers' timers on the database (`worker_timers`): the reconciler's pass, taken by one worker per interval. */
export class IntervalClaims {
  constructor(private readonly docs: Collection<ClaimedDoc>) {}

  claim(id: string, now: Date, intervalMs: number): Promise<boolean> {
    return claimInterval(this.docs, id, now, intervalMs);
  }

  /** The last period of work `id` done (null: never). */
  async lastDone(id: string): Promise<string | null> {
    return (await this.docs.findOne({ _id: id }))?.done ?? null;
  }

  async markDone(id: string, period: string): Promise<void> {
    await writeRetried(() => this.docs.updateOne({ _id: id }, { $set: { done: period } }, { upsert: true }));
  }
}
