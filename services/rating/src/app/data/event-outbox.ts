import { MODERATION_EVENTS_QUEUE } from '@pupitre/contracts';
import { createQueueConnection, upsertRetried, withRedisTimeout } from '@pupitre/server-kit';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';

/** What a decision left to announce: a review's reports (`review`) or a teacher's objection (`objection`). */
export type OutboxKind = 'review' | 'objection';

export interface OutboxEntry {
  _id: string;
  kind: OutboxKind;
  ref: number;
  at: Date;
  /** New at each `intend`: the relay clears the entry only when no decision wrote it again since it read it. */
  token?: string;
}

export interface EventJob {
  name: string;
  data: object;
  /** De-duplicates a job re-sent while the first one is still known to BullMQ. */
  jobId: string;
  /** Drop the job's data from Redis once it ran or failed for good (a job that carries an e-mail address). */
  forget?: boolean;
}

const entryKey = (kind: OutboxKind, ref: number) => `${kind}:${ref}`;

// Events to the auth service (`moderation-events`), at least once: an outbox entry before the decision is written, its jobs sent
// at once after it; the relay (moderation/event-relay.ts) derives them again from the documents, resends them and is the only
// one to clear the entry (decisions on one review share it: a losing one must not clear the winner's). Jobs carrying an address
// are never stored.
export class EventOutbox {
  private readonly queue: Queue;

  constructor(
    private readonly docs: Collection<OutboxEntry>,
    redisUrl: string,
    prefix: string,
  ) {
    const connection = createQueueConnection(redisUrl);
    this.queue = new Queue(MODERATION_EVENTS_QUEUE, {
      connection,
      prefix,
      defaultJobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    });
    this.queue.on('error', () => undefined); // Redis outages show in /readyz; a send fails and is retried.
    this.connection = connection;
  }

  private readonly connection: ReturnType<typeof createQueueConnection>;

  /** Before the write of a decision whose jobs are derived afterwards. */
  async intend(kind: OutboxKind, ref: number): Promise<void> {
    // Decisions on one review at once upsert the same entry: the one that lost the insert race updates.
    const entry = { kind, ref, at: new Date(), token: randomUUID() };
    await upsertRetried(() => this.docs.replaceOne({ _id: entryKey(kind, ref) }, entry, { upsert: true }));
  }

  // Queues `jobs`; DependencyUnavailableError (503) when Redis does not take them in time (the
  // queue's connection waits for Redis to come back: a request must not).
  async send(jobs: EventJob[]): Promise<void> {
    if (!jobs.length) return;
    await withRedisTimeout(
      this.queue.addBulk(
        jobs.map((j) => ({
          name: j.name,
          data: j.data,
          opts: { jobId: j.jobId, ...(j.forget ? { removeOnComplete: true, removeOnFail: true } : {}) },
        })),
      ),
    );
  }

  /** The relay only: clears `entry` as it was read, unless a decision wrote it again since (a compare-and-delete on its token). */
  async done(entry: OutboxEntry): Promise<boolean> {
    return (await this.docs.deleteOne({ _id: entryKey(entry.kind, entry.ref), token: entry.token ?? null } as never)).deletedCount === 1;
  }

  /** Entries older than `graceMs` (their writer died or Redis was down): a short list, read whole. */
  async pending(graceMs: number, limit = 1000): Promise<OutboxEntry[]> {
    const before = Date.now() - graceMs;
    return (await this.docs.find({}).limit(limit).toArray()).filter((e) => new Date(e.at).getTime() < before);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.connection.status === 'ready') await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
