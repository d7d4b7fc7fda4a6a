import { ensureDocument, inTransaction, sharedWork, writeRetried } from '@pupitre/server-kit';
import type { ClientSession, Collection, MongoClient } from 'mongodb';
import { BoundedCache } from '../reading/bounded-cache';
import { type ClaimMove } from './class-claims';
import { emptyStats, statsDelta, type TeacherStats } from '../reading/teacher-stats';
import { type ReviewDoc } from '../reviews/review';
import { type Breakdown } from '../reading/year-groups';

type StatsDoc = TeacherStats & { _id: number };

/** How old the figures `recent()` serves may be: a change shows in the ranking, search and a teacher's lists within this. */
export const FIGURES_MAX_AGE_MS = 1000;

export interface FiguresSnapshot {
  at: number;
  stats: Map<number, TeacherStats>;
  /** The sum of every teacher's `rev`: it moves with every change of a public review. */
  revision: number;
}

/** One document per teacher (`_id` = his id), changed only by `$inc` in the review write's transaction: exact whatever fails. */
export class TeacherStatsStore {
  /** Teachers whose document is known to exist (bounded by the catalogue's size). */
  private readonly created = new Set<number>();
  private readonly snapshot = new BoundedCache<FiguresSnapshot>(1);
  /** When this process last changed each teacher's figures (bounded by the catalogue): `of` reads those again. */
  private readonly changedHere = new Map<number, number>();

  constructor(
    private readonly docs: Collection<StatsDoc>,
    private readonly client: MongoClient,
  ) {}

  async get(teacherId: number): Promise<TeacherStats> {
    const doc = await this.docs.findOne({ _id: teacherId });
    return doc ? { ...emptyStats(), ...doc } : emptyStats();
  }

  async all(): Promise<Map<number, TeacherStats>> {
    const docs = await this.docs.find({}).toArray();
    return new Map(docs.map((doc) => [doc._id, { ...emptyStats(), ...doc }]));
  }

  /**
   * Every teacher's figures (one document per teacher: bounded by the catalogue) as read less than FIGURES_MAX_AGE_MS
   * ago; read again in the background after half of it, so that no request waits for it under load.
   */
  recent(): Promise<FiguresSnapshot> {
    const now = Date.now();
    return this.snapshot.get(
      'all',
      (f) => now - f.at < FIGURES_MAX_AGE_MS,
      () =>
        sharedWork(async () => {
          const at = Date.now();
          const stats = await this.all();
          return { at, stats, revision: [...stats.values()].reduce((sum, s) => sum + s.rev, 0) };
        }),
      (f) => now - f.at >= FIGURES_MAX_AGE_MS / 2,
    );
  }

  /** A teacher's figures as `recent()` has them, or read again when this process changed them since: its own writes show at once. */
  async of(teacherId: number): Promise<TeacherStats> {
    const { at, stats } = await this.recent();
    if ((this.changedHere.get(teacherId) ?? 0) < at) return stats.get(teacherId) ?? emptyStats();
    return this.get(teacherId);
  }

  /**
   * Runs `write` (false: it matched nothing), `also` (other writes that must go with it: the class claims) and the figures it
   * changes in one transaction; alone when no figure changes and there is nothing else.
   */
  async withReviewWrite(
    before: ReviewDoc | null,
    after: ReviewDoc | null,
    write: (session?: ClientSession) => Promise<boolean>,
    also?: ClaimMove | null,
  ): Promise<boolean> {
    const delta = statsDelta(before, after);
    if (delta.size === 0 && !also) return write();
    const written = await this.writeWithFigures(delta, write, also);
    if (written) for (const teacherId of delta.keys()) this.changedHere.set(teacherId, Date.now());
    return written;
  }

  /** A public review of `teacherId` changed without a figure moving (a vote, review-votes.ts): his `rev` moves on. */
  async revised(teacherId: number): Promise<void> {
    await writeRetried(() => this.docs.updateOne({ _id: teacherId }, { $inc: { rev: 1 } }));
    this.changedHere.set(teacherId, Date.now());
  }

  private async writeWithFigures(
    delta: Map<number, Record<string, number>>,
    write: (session?: ClientSession) => Promise<boolean>,
    also?: ClaimMove | null,
  ): Promise<boolean> {
    if (!also && [...delta.values()].every((inc) => Object.keys(inc).every((path) => path === 'rev'))) {
      // Only `rev` moves (a vote, a report): no figure to keep exact with the write, so no transaction holds the teacher's
      // row while votes on his reviews queue behind it. Moved after the write: a reader in between reads the lists once more.
      if (!(await write())) return false;
      for (const teacherId of delta.keys()) await writeRetried(() => this.docs.updateOne({ _id: teacherId }, { $inc: { rev: 1 } }));
      return true;
    }
    // Created on their own first: concurrent first upserts with $inc lose increments on DocumentDB.
    await Promise.all([...delta.keys()].map((id) => this.ensure(id)));
    return inTransaction(this.client, async (session) => {
      if (!(await write(session))) return false;
      await also?.(session);
      for (const [teacherId, inc] of delta) await this.docs.updateOne({ _id: teacherId }, { $inc: inc }, { session });
      return true;
    });
  }

  /** Once per process and teacher, whichever request comes first: outside that request's operations (its budget). */
  private async ensure(teacherId: number): Promise<void> {
    if (this.created.has(teacherId)) return;
    await sharedWork(() => ensureDocument(() => this.docs.insertOne({ _id: teacherId, ...emptyStats() })));
    this.created.add(teacherId);
  }

  /** Replaces every teacher's figures with those of `reviews` (the seed, the migration): nothing else may write meanwhile. */
  async rebuild(reviews: AsyncIterable<ReviewDoc>): Promise<number> {
    const totals = new Map<number, StatsDoc>();
    for await (const doc of reviews) {
      for (const [teacherId, inc] of statsDelta(null, doc)) {
        const stats = totals.get(teacherId) ?? { _id: teacherId, ...emptyStats() };
        applyInc(stats as unknown as Record<string, unknown>, inc);
        totals.set(teacherId, stats);
      }
    }
    await this.docs.deleteMany({ _id: { $nin: [...totals.keys()] } });
    for (const doc of totals.values()) await this.docs.replaceOne({ _id: doc._id }, doc, { upsert: true });
    for (const id of totals.keys()) this.created.add(id);
    return totals.size;
  }

  /**
   * Sets a teacher's frozen breakdown (reading/year-groups.ts) unless another process set this month's first: a
   * compare-and-set on the month it replaces (`previous`, null when he had none). Whether this one landed.
   */
  async freezeBreakdown(teacherId: number, previous: string | null, breakdown: Breakdown): Promise<boolean> {
    const filter = { _id: teacherId, 'breakdown.month': previous ?? { $exists: false } } as never;
    return (await writeRetried(() => this.docs.updateOne(filter, { $set: { breakdown } }))).modifiedCount === 1;
  }

  async remove(teacherId: number): Promise<void> {
    await this.docs.deleteOne({ _id: teacherId });
    this.created.delete(teacherId);
  }
}

function applyInc(target: Record<string, unknown>, inc: Record<string, number>): void {
  for (const [path, value] of Object.entries(inc)) {
    const parts = path.split('.');
    let node = target;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    const last = parts[parts.length - 1];
    node[last] = ((node[last] as number | undefined) ?? 0) + value;
  }
}
