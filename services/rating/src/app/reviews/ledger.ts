import { type Model } from 'mongoose';
import { localLock, type Locker } from '../cache/lock';
import { guarded } from '../data/db-traits';
import { reviewOid, teacherOid } from '../data/keys';
import { type ReviewLists } from '../reading/review-lists';
import { foldAggregates } from '../teachers/effective-aggregates';
import { type Teacher, type UpcomingDelta } from '../teachers/teacher.schema';
import { type AggregateOp, type Counted, type Review } from './review.schema';
import { ReviewTasks } from './review-tasks';

/** How many applied op keys a teacher keeps (a retry comes within minutes, long before that many). */
const OPS_KEPT = 200;
const MAX_ATTEMPTS = 8;

export type ReviewDoc = Review;
export interface TransitionOptions {
  /** Tests: stop right after the review is written, as a crash would. */
  crashAfterTransition?: boolean;
  /** Leave the finished task for the reconciler to drop (a burst of publications skips one write each). */
  leaveTask?: boolean;
}
interface TeacherOp {
  key: string;
  /** What the op changes, each from its instant (`at` ≤ now: at once). */
  deltas: UpcomingDelta[];
}
/** The fields a transition may set (content, status, visibility, published version…). */
export type ReviewChanges = Partial<Omit<Review, 'id' | 'rev' | 'counted' | 'aggPending' | 'pubTeacherId' | 'pubTot'>>;

/** What a review contributes to the aggregates in a given state: its published tot_rating, if visible, from its publication instant. */
export function countedOf(doc: Pick<Review, 'visible' | 'pub'>): Counted | null {
  return doc.visible && doc.pub ? { teacherId: doc.pub.teacherId, tot: doc.pub.tot_rating, at: new Date(doc.pub.publishedAt).getTime() } : null;
}

const sameCounted = (a: Counted | null, b: Counted | null) =>
  a === null ? b === null : b !== null && a.teacherId === b.teacherId && a.tot === b.tot && (a.at ?? 0) === (b.at ?? 0);

/** A contribution added (+1) or removed (-1), from its instant (none: it always counted). */
const deltaOf = (c: Counted, sign: 1 | -1): UpcomingDelta => ({ at: c.at ?? 0, count: sign, sum: sign * c.tot });

/**
 * The aggregates ledger. Teachers' `reviewCount` and `ratingSum` are maintained from review
 * transitions, exactly once, without transactions (FerretDB has none):
 *
 * 1. A transition is one conditional `findOneAndUpdate` on the review (optimistic on `rev`, and only
 *    when no earlier change is pending), under the review's lock. It sets the new state, the new
 *    `counted` contribution and, when the contribution changes, an `aggPending` op `{key, from, to}`.
 * 2. `settle` applies the op to the teacher(s) unless the teacher's `ops` already holds its key
 *    (`$inc` and the key in one write, under the teacher's lock): a crash-and-retry or two workers
 *    racing count once.
 * 3. It then clears `aggPending` (conditionally on the key).
 *
 * A crash between the steps leaves `aggPending` set; the next transition on the review, or the
 * reconciler, settles it. The database is the source of truth.
 */
export class ReviewLedger {
  /** The reconciler's to-do list (pending publications, unsettled changes). */
  readonly tasks: ReviewTasks;
  /** The next write of each teacher's aggregates, gathering the ops that arrive meanwhile (FerretDB). */
  private readonly teacherBatches = new Map<number, { ops: TeacherOp[]; done: Promise<void> }>();

  constructor(
    private readonly reviews: Model<Review>,
    private readonly teachers: Model<Teacher>,
    private readonly lists?: ReviewLists,
    private readonly lock: Locker = lists?.lock ?? localLock,
  ) {
    this.tasks = new ReviewTasks(reviews.db);
  }

  /**
   * Applies `decide(current)` to review `id` atomically. `decide` returns the changes, or null to do
   * nothing (the transition does not apply to the current state). Returns the review after the
   * change (and after its aggregates are settled), or null when nothing was changed.
   */
  transition(id: number, decide: (current: Review) => ReviewChanges | null, options: TransitionOptions = {}): Promise<Review | null> {
    // FerretDB 1.x does not isolate the conditional update below: transitions of one review are
    // serialized by a lock (in process and in Redis); the `rev` condition stays for MongoDB.
    return this.withReview(id, () => this.transitionLocked(id, decide, options));
  }

  /**
   * Runs `fn` holding review `id`'s lock: every write to a review (transitions, vote and report
   * counts, edits, erasure) goes through it, since FerretDB rewrites whole documents unisolated.
   * Not re-entrant: `fn` must not call `transition`.
   */
  withReview<T>(id: number, fn: () => Promise<T>): Promise<T> {
    return this.lock(`review:${id}`, fn);
  }

  private async transitionLocked(id: number, decide: (current: Review) => ReviewChanges | null, options: TransitionOptions): Promise<Review | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const objectId = reviewOid(id);
      let current = await this.reviews.findOne({ _id: objectId }).lean<Review>().exec();
      if (!current) return null;
      if (current.aggPending) {
        current = await this.settle(current);
      }
      const changes = decide(current);
      if (!changes) return null;
      const next = { ...current, ...changes };
      const to = countedOf(next);
      const from = current.counted ?? null;
      const rev = (current.rev ?? 0) + 1;
      const op: AggregateOp | null = sameCounted(from, to) ? null : { key: `${id}.${rev}`, from, to };
      const denormalized = 'pub' in changes ? { pubTeacherId: changes.pub?.teacherId ?? null, pubTot: changes.pub?.tot_rating ?? null } : {};
      const update: Record<string, unknown> = { $set: { ...changes, ...denormalized, counted: to, rev, updatedAt: new Date(), ...(op ? { aggPending: op } : {}) } };
      // The community and teacher lists (read model) take the new state just before the review does
      // (so they never lag behind it), and are synced from the database once it is written.
      const listTeachers = [current.pub?.teacherId, next.pub?.teacherId];
      // A change of the aggregates is on the to-do list before it is written (a pending review's is already).
      // (A pending one's is already, with its time; so is an edit's: the caller added it.)
      if (op && current.status !== 'pending' && next.status !== 'pending') await this.tasks.add(id, null);
      await this.lists?.sync(objectId, listTeachers, next);
      const after = await this.reviews
        .findOneAndUpdate(guarded(objectId, { rev: current.rev ?? 0, 'aggPending.key': { $exists: false } }), update, { returnDocument: 'after' })
        .lean<Review>()
        .exec();
      if (!after) {
        await this.lists?.sync(objectId, listTeachers); // undo the prediction
        continue; // another transition won the race: decide again on the new state
      }
      if (options.crashAfterTransition) {
        await this.lists?.sync(objectId, listTeachers, after);
        return after;
      }
      const settled = op ? await this.settle(after) : after;
      if (op) await this.lists?.changed(); // the aggregates moved: readers' caches go now
      // The state just written (no need to read it back): a no-op unless the prediction differed.
      await this.lists?.sync(objectId, listTeachers, settled);
      if (settled.status !== 'pending' && !settled.aggPending && !options.leaveTask) await this.tasks.done(id);
      return settled;
    }
    throw new Error(`review ${id}: too many concurrent transitions`);
  }

  /** Applies a review's pending aggregate op (idempotent), then clears it. Returns the review. */
  async settle(review: Review): Promise<Review> {
    const op = review.aggPending;
    if (!op) return review;
    const { from, to, key } = op;
    if (from && to && from.teacherId === to.teacherId) {
      await this.applyToTeacher(from.teacherId, { key: `${key}=`, deltas: [deltaOf(from, -1), deltaOf(to, 1)] });
    } else {
      if (from) await this.applyToTeacher(from.teacherId, { key: `${key}-`, deltas: [deltaOf(from, -1)] });
      if (to) await this.applyToTeacher(to.teacherId, { key: `${key}+`, deltas: [deltaOf(to, 1)] });
    }
    const _id = reviewOid(review.id);
    const after = await this.reviews.findOneAndUpdate(guarded(_id, { 'aggPending.key': key }), { $unset: { aggPending: '' } }, { returnDocument: 'after' }).lean<Review>().exec();
    return after ?? (await this.reviews.findOne({ _id }).lean<Review>().exec()) ?? review;
  }

  /**
   * Group commit: the ops for one teacher that arrive while its lock is held are applied together
   * when it comes free: one read, one write (a burst of publications touches each teacher a few
   * times, not once per review). The lock also isolates the read-modify-write, which FerretDB 1.x
   * does not.
   */
  private applyToTeacher(teacherId: number, op: TeacherOp): Promise<void> {
    let batch = this.teacherBatches.get(teacherId);
    if (!batch) {
      const ops: TeacherOp[] = [];
      const done = this.lock(`teacher:${teacherId}`, () => {
        this.teacherBatches.delete(teacherId); // later ops form the next batch
        return this.applyBatchToTeacher(teacherId, ops);
      });
      batch = { ops, done };
      this.teacherBatches.set(teacherId, batch);
    }
    batch.ops.push(op);
    return batch.done;
  }

  /**
   * Under the teacher's lock: the ops not applied yet (by key), their due changes `$inc`-ed into the
   * totals with the upcoming ones whose time has come, the later ones kept upcoming, and the keys
   * recorded, in one write by `_id`.
   */
  private async applyBatchToTeacher(teacherId: number, ops: TeacherOp[]): Promise<void> {
    const _id = teacherOid(teacherId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const teacher = await this.teachers.findOne({ _id }, { _id: 0, ops: 1, upcoming: 1 }).lean().exec();
      if (!teacher) return;
      const applied = new Set(teacher.ops);
      const keys: string[] = [];
      const deltas: UpcomingDelta[] = [];
      for (const op of ops) {
        if (applied.has(op.key)) continue;
        applied.add(op.key);
        keys.push(op.key);
        deltas.push(...op.deltas);
      }
      if (!keys.length) return;
      const { count, sum, upcoming } = foldAggregates(teacher.upcoming ?? [], deltas, Date.now());
      const kept = [...(teacher.ops ?? []), ...keys].slice(-Math.max(OPS_KEPT, keys.length));
      // MongoDB: also conditional on the keys read (a compare-and-set, should the Redis lock be lost).
      const result = await this.teachers.updateOne(guarded(_id, { ops: teacher.ops ?? { $exists: false } }), { $inc: { reviewCount: count, ratingSum: sum }, $set: { ops: kept, upcoming } }).exec();
      if (result.matchedCount === 1) return;
    }
    throw new Error(`teacher ${teacherId}: too many concurrent aggregate changes`);
  }

  /**
   * The reconciler's pass over one task: settles review `id`'s half-applied op, if any, and removes
   * the task once nothing is left (not pending, settled). Returns what it found.
   */
  settleTask(id: number): Promise<'settled' | 'pending' | 'done'> {
    return this.withReview(id, async () => {
      let current = await this.reviews.findOne({ _id: reviewOid(id) }).lean<Review>().exec();
      const settled = Boolean(current?.aggPending);
      if (current?.aggPending) current = await this.settle(current);
      if (current?.status === 'pending') return 'pending';
      await this.tasks.done(id);
      return settled ? 'settled' : 'done';
    });
  }
}
