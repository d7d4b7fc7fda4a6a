import { ensureDocument, inTransaction, sharedWork, writeRetried } from '@pupitre/server-kit';
import type { ClientSession, Collection, MongoClient } from 'mongodb';
import { BoundedCache } from '../reading/bounded-cache';
import { type ClaimMove } from './class-claims';
import { emptyStats, type ListedFigures, listedFigures, statsDelta, type TeacherStats } from '../reading/teacher-stats';
import { listsMayChange } from '../reading/listed-change';
import { FiguresFeed, type FiguresSnapshot, LISTED_FIELDS, RESTAMP_AFTER_MS } from './figures-feed';
import { type ReviewDoc } from '../reviews/review';
import { type Breakdown } from '../reading/year-groups';

type StatsDoc = TeacherStats & { _id: number; changedAt?: Date };

/** How old the figures `recent()` serves may be: a change shows in the ranking, search and a teacher's lists within this. */
export const FIGURES_MAX_AGE_MS = 1000;

export type { FiguresSnapshot };

/** Teachers' whole figures kept for their pages (hundreds of small documents), each while his `changedAt` holds. */
const TEACHER_PAGES = 500;

/** How long an owed `rev` move (a write landed, its move failed) waits before its first retry. */
export const OWED_RETRY_MS = 1000;

/** Every write stamps its documents with the database's clock: what each process's next look asks after (figures-feed.ts). */
const STAMP = { $currentDate: { changedAt: true } } as const;
/** Stamps written again at once after a slow one, before the next is owed (retried in the background). */
const RESTAMPS = 2;

/** The update of a move: `$inc` (none for a second stamp) and the stamp. */
const moveOf = (inc: Record<string, number>) => (Object.keys(inc).length ? { $inc: inc, ...STAMP } : STAMP);

/**
 * Runs a write that stamps `changedAt`; whether it showed less than CHANGE_GRACE_MS after its stamp, as every look assumes
 * (figures-feed.ts): the stamp is taken after the write was sent and the change shows before it is answered, so a round
 * trip under RESTAMP_AFTER_MS proves it. A slower one (a transaction committed late, a writer frozen) must be stamped again.
 */
async function stampedInTime(write: () => Promise<unknown>): Promise<boolean> {
  const sent = performance.now();
  await write();
  return performance.now() - sent < RESTAMP_AFTER_MS;
}

/** Whether a change of a review (before, after) can change the community's lists (true when this process cannot tell). */
export type CommunityJudge = (before: ReviewDoc | null, after: ReviewDoc | null) => boolean;

/** One document per teacher (`_id` = his id), changed only by `$inc` in the review write's transaction: exact whatever fails. */
export class TeacherStatsStore {
  /** Teachers whose document is known to exist (bounded by the catalogue's size). */
  private readonly created = new Set<number>();
  private readonly feed: FiguresFeed;
  private readonly snapshot = new BoundedCache<FiguresSnapshot>(1);
  private readonly pages = new BoundedCache<{ mark: string; stats: TeacherStats }>(TEACHER_PAGES);
  /** When this process last changed each teacher's figures (bounded by the catalogue): `of` reads those again. */
  private readonly changedHere = new Map<number, number>();
  /** Which changes move `crev` (public-lists.ts, in the API); without one, every change of what a list shows does. */
  private judge?: CommunityJudge;
  /** Changes of this process that moved a `crev`: its own community lists are read again at once after them. */
  communityChangesHere = 0;
  /** `rev`/`crev` moves owed by writes that landed while their move failed: retried until they land (bounded by the teachers). */
  private readonly owed = new Map<number, Record<string, number>>();
  private paying?: NodeJS.Timeout;

  constructor(
    private readonly docs: Collection<StatsDoc>,
    private readonly client: MongoClient,
  ) {
    this.feed = new FiguresFeed(docs as never);
  }

  /** A teacher's whole figures (his page: the distribution, criteria, breakdown), read when asked. */
  async get(teacherId: number): Promise<TeacherStats> {
    const doc = await this.docs.findOne({ _id: teacherId }, { projection: { groups: 0, changedAt: 0 } });
    return doc ? { ...emptyStats(), ...doc } : emptyStats();
  }

  /**
   * A teacher's whole figures for his page: read by `_id` when his document changed since this process read it (his
   * `changedAt` in `recent()`), or when this process changed him since that look (its own writes show at once).
   */
  async page(teacherId: number): Promise<TeacherStats> {
    const { at, stats } = await this.recent();
    if ((this.changedHere.get(teacherId) ?? 0) >= at) return this.get(teacherId);
    // `rev` too: two changes stamped within the same millisecond differ by it (every change of his figures moves it).
    const listed = stats.get(teacherId);
    const mark = `${listed?.changedAt ?? 0}:${listed?.rev ?? 0}`;
    const read = await this.pages.get(
      String(teacherId),
      (p) => p.mark === mark,
      async () => ({ mark, stats: await this.get(teacherId) }),
    );
    return read.stats;
  }

  /** Every teacher's whole figures (the admin's list, the worker's monthly breakdowns): never per public request. */
  async all(): Promise<Map<number, TeacherStats>> {
    const docs = await this.docs.find({}).toArray();
    return new Map(docs.map((doc) => [doc._id, { ...emptyStats(), ...doc }]));
  }

  /**
   * Every teacher's listed figures as looked at less than FIGURES_MAX_AGE_MS ago (only what changed since the look before
   * is read: figures-feed.ts); looked at again in the background after half of it, so that no request waits for it.
   */
  recent(): Promise<FiguresSnapshot> {
    const now = Date.now();
    return this.snapshot.get(
      'all',
      (f) => now - f.at < FIGURES_MAX_AGE_MS,
      () => this.feed.look(),
      (f) => now - f.at >= FIGURES_MAX_AGE_MS / 2,
    );
  }

  /** The next look reads every teacher's figures (the catalogue's version moved: a teacher removed, a process started). */
  readAllAgain(): void {
    this.feed.readAllAgain();
  }

  /** The last snapshot looked at, without waiting (undefined before the first). */
  latest(): FiguresSnapshot | undefined {
    return this.feed.last;
  }

  /** A teacher's listed figures as `recent()` has them, or read again when this process changed them since: its own writes show at once. */
  async of(teacherId: number): Promise<ListedFigures> {
    const { at, stats } = await this.recent();
    if ((this.changedHere.get(teacherId) ?? 0) < at) return stats.get(teacherId) ?? listedFigures({});
    const doc = await this.docs.findOne({ _id: teacherId }, { projection: LISTED_FIELDS });
    return listedFigures(doc ?? {});
  }

  /** Sets which changes move the community's version (`crev`): the API's lists judge by what they hold. */
  judgeCommunity(judge: CommunityJudge): void {
    this.judge = judge;
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
    const community = listsMayChange(before, after) && (this.judge?.(before, after) ?? true);
    const moved = community ? delta.keys().next().value : undefined;
    if (moved !== undefined) delta.get(moved)!.crev = 1;
    const written = await this.writeWithFigures(delta, write, also);
    if (written) for (const teacherId of delta.keys()) this.changedHere.set(teacherId, Date.now());
    if (written && moved !== undefined) this.communityChangesHere++;
    return written;
  }

  /**
   * A public review of `teacherId` changed without a figure moving (a vote, review-votes.ts): his `rev` moves on, and the
   * community's `crev` when the change can change its lists (`before`/`after` as the lists see the review; unknown: it can).
   */
  async revised(teacherId: number, change?: { before: ReviewDoc; after: ReviewDoc }): Promise<void> {
    const community = !change || (listsMayChange(change.before, change.after) && (this.judge?.(change.before, change.after) ?? true));
    const inc: Record<string, number> = community ? { rev: 1, crev: 1 } : { rev: 1 };
    await this.move(teacherId, inc);
    this.changedHere.set(teacherId, Date.now());
    if (community) this.communityChangesHere++;
  }

  /**
   * Moves a teacher's `rev` (and `crev`) after a write that landed without them (`inc` empty: stamps him again). A move that
   * was slow is stamped again (stampedInTime). When a move fails, it is owed: retried in the background (OWED_RETRY_MS,
   * doubling up to a minute) until it lands, so that every process's lists of him are read again; the error still reaches
   * the caller. A second stamp that fails or stays slow is owed too, and reaches nobody: what it follows has landed.
   */
  private async move(teacherId: number, inc: Record<string, number>, wait = OWED_RETRY_MS): Promise<void> {
    let pending = inc;
    try {
      for (let stamps = 0; stamps <= RESTAMPS; stamps++) {
        if (await stampedInTime(() => writeRetried(() => this.docs.updateOne({ _id: teacherId }, moveOf(pending))))) return;
        pending = {}; // it landed: only its stamp is written again
      }
    } catch (err) {
      this.owe(teacherId, pending, wait);
      if (Object.keys(pending).length) throw err;
      return;
    }
    this.owe(teacherId, pending, wait);
  }

  /** Stamps teachers again after a slow write: never fails (owed instead). */
  private async restamp(teacherIds: Iterable<number>): Promise<void> {
    for (const teacherId of teacherIds) await this.move(teacherId, {});
  }

  private owe(teacherId: number, inc: Record<string, number>, wait: number): void {
    const owed = this.owed.get(teacherId) ?? {};
    for (const path of Object.keys(inc)) owed[path] = 1; // one move announces any number of changes
    this.owed.set(teacherId, owed);
    this.paying ??= setTimeout(() => void this.payOwed(wait), wait).unref();
  }

  /** The moves owed (retried in the background), by teacher. */
  get owedMoves(): ReadonlyMap<number, Readonly<Record<string, number>>> {
    return this.owed;
  }

  private async payOwed(wait: number): Promise<void> {
    this.paying = undefined;
    for (const [teacherId, inc] of [...this.owed]) {
      this.owed.delete(teacherId);
      try {
        await this.move(teacherId, inc, Math.min(wait * 2, 60_000));
        this.changedHere.set(teacherId, Date.now());
      } catch {
        return; // owed again, and retried later
      }
    }
  }

  private async writeWithFigures(
    delta: Map<number, Record<string, number>>,
    write: (session?: ClientSession) => Promise<boolean>,
    also?: ClaimMove | null,
  ): Promise<boolean> {
    if (!also && [...delta.values()].every((inc) => Object.keys(inc).every((path) => path === 'rev' || path === 'crev'))) {
      // Only `rev` moves (a vote, a report): no figure to keep exact with the write, so no transaction holds the teacher's
      // row while votes on his reviews queue behind it. Moved after the write: a reader in between reads the lists once more.
      if (!(await write())) return false;
      for (const [teacherId, inc] of delta) await this.move(teacherId, inc);
      return true;
    }
    // Created on their own first: concurrent first upserts with $inc lose increments on DocumentDB.
    await Promise.all([...delta.keys()].map((id) => this.ensure(id)));
    let stampedAt = 0;
    const written = await inTransaction(this.client, async (session) => {
      if (!(await write(session))) return false;
      await also?.(session);
      stampedAt = performance.now(); // its stamps are taken from here on; they show at its commit
      for (const [teacherId, inc] of delta) await this.docs.updateOne({ _id: teacherId }, { $inc: inc, ...STAMP }, { session });
      return true;
    });
    if (written && performance.now() - stampedAt >= RESTAMP_AFTER_MS) await this.restamp(delta.keys());
    return written;
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
    for (let stamps = 0; stamps <= RESTAMPS; stamps++)
      if (await stampedInTime(() => this.docs.updateMany({ _id: { $in: [...totals.keys()] } }, STAMP))) break;
    for (const id of totals.keys()) this.created.add(id);
    return totals.size;
  }

  /**
   * Sets a teacher's frozen breakdown (reading/year-groups.ts) unless another process set this month's first: a
   * compare-and-set on the month it replaces (`previous`, null when he had none). Whether this one landed.
   */
  async freezeBreakdown(teacherId: number, previous: string | null, breakdown: Breakdown): Promise<boolean> {
    const filter = { _id: teacherId, 'breakdown.month': previous ?? { $exists: false } } as never;
    let set = false;
    const inTime = await stampedInTime(async () => {
      set = (await writeRetried(() => this.docs.updateOne(filter, { $set: { breakdown }, ...STAMP }))).modifiedCount === 1;
    });
    if (set && !inTime) await this.restamp([teacherId]);
    return set;
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
