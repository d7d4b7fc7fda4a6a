import { Logger } from '@nestjs/common';
import { isDuplicateKey } from '@pupitre/server-kit';
import { type CommunityCategory } from '@pupitre/contracts';
import { type Collection, type Model, type Types } from 'mongoose';
import { localLock, type Locker } from '../cache/lock';
import { type Review } from '../reviews/review.schema';
import { decodeList, encodeList, type StoredList } from './list-codec';
import { wilsonLowerBound } from './review-view';

/** Entries kept per category: the largest `limit` (50) plus a margin, so a removal rarely needs a refill. */
export const LIST_CAP = 75;
/** The largest `?limit=` of the community and teacher reviews. */
export const MAX_LIMIT = 50;
export const COMMUNITY_KEY = 'community';
export const teacherKey = (teacherId: number) => `teacher:${teacherId}`;

export const CATEGORY_ORDER: CommunityCategory[] = ['recent', 'highest', 'lowest', 'relevant'];

/** A review as the lists hold it: its public version and vote counts, never the author. */
export interface ListEntry {
  id: number;
  teacherId: number;
  subjectId: number;
  year: number;
  tot: number;
  text: string;
  relUp: number;
  relTotal: number;
  createdAt: Date;
  /** When it shows (ms, its publication instant); older lists: always. */
  from?: number;
}

/**
 * One maintained list document (`review_lists`, string `_id`: `community` or `teacher:<id>`, the
 * only filter FerretDB 1.x pushes down). Each category is the exact top-k of its order for k = its
 * length; `complete` means it holds every qualifying review. `v` counts the writes (a rebuild
 * writes only if no update came in during its scan); writers hold the list's lock. `stale`: a
 * category fell under MAX_LIMIT while incomplete, a rebuild is due.
 */
export interface ListDoc {
  _id: string;
  v: number;
  cats: Record<CommunityCategory, ListEntry[]>;
  complete: Record<CommunityCategory, boolean>;
  /** Entries validated ahead of their publication instant (`from`), placed in the categories once it has come. */
  upcoming: ListEntry[];
  stale: boolean;
  builtAt?: Date;
}

const time = (d: Date) => new Date(d).getTime();
const byRecent = (a: ListEntry, b: ListEntry) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;
const ORDERS: Record<CommunityCategory, (a: ListEntry, b: ListEntry) => number> = {
  recent: byRecent,
  highest: (a, b) => b.tot - a.tot || byRecent(a, b),
  lowest: (a, b) => a.tot - b.tot || byRecent(a, b),
  relevant: (a, b) => wilsonLowerBound(b.relUp, b.relTotal) - wilsonLowerBound(a.relUp, a.relTotal) || b.relTotal - a.relTotal || b.id - a.id,
};
const qualifies = (cat: CommunityCategory, e: ListEntry) => cat !== 'relevant' || e.relTotal > 0;

const sameEntry = (a: ListEntry, b: ListEntry) =>
  a.id === b.id &&
  a.teacherId === b.teacherId &&
  a.subjectId === b.subjectId &&
  a.year === b.year &&
  a.tot === b.tot &&
  a.text === b.text &&
  a.relUp === b.relUp &&
  a.relTotal === b.relTotal &&
  time(a.createdAt) === time(b.createdAt) &&
  a.from === b.from;

/** The list entry of a review in its current state, or null when it is not public. */
export function entryOf(review: Pick<Review, 'id' | 'visible' | 'pub' | 'relUp' | 'relTotal' | 'createdAt'> | null): ListEntry | null {
  if (!review || !review.visible || !review.pub) return null;
  const pub = review.pub;
  return {
    id: review.id,
    teacherId: pub.teacherId,
    subjectId: pub.subjectId,
    year: pub.year,
    tot: pub.tot_rating,
    text: pub.text_rating ?? '',
    relUp: review.relUp ?? 0,
    relTotal: review.relTotal ?? 0,
    createdAt: new Date(review.createdAt),
    from: new Date(pub.publishedAt).getTime(),
  };
}

const isLater = (e: ListEntry, now: number) => e.from !== undefined && e.from > now;

/** Builds a list from every qualifying entry (a rebuild); those that show later wait in `upcoming`. */
export function buildList(id: string, entries: ListEntry[], v: number, now = Date.now()): ListDoc {
  const cats = {} as ListDoc['cats'];
  const complete = {} as ListDoc['complete'];
  const shown = entries.filter((e) => !isLater(e, now));
  for (const cat of CATEGORY_ORDER) {
    const all = shown.filter((e) => qualifies(cat, e)).sort(ORDERS[cat]);
    cats[cat] = all.slice(0, LIST_CAP);
    complete[cat] = all.length <= LIST_CAP;
  }
  return { _id: id, v, cats, complete, upcoming: entries.filter((e) => isLater(e, now)), stale: false, builtAt: new Date() };
}

export const emptyList = (id: string): ListDoc => buildList(id, [], 0);

/**
 * Places the upcoming entries whose time has come (in place). Returns the next instant an upcoming
 * entry shows (null: none left) and whether anything moved.
 */
export function revealDue(doc: ListDoc, now: number): { changed: boolean; next: number | null } {
  let changed = false;
  let next: number | null = null;
  for (const e of [...doc.upcoming]) {
    if (isLater(e, now)) {
      next = next === null ? e.from! : Math.min(next, e.from!);
      continue;
    }
    placeEntry(doc, e.id, e, now);
    changed = true;
  }
  return { changed, next };
}

/** A copy of `doc` as it shows at `now` (the stored list is left as is), and when it changes next. */
export function listAt(doc: ListDoc, now: number): { doc: ListDoc; next: number | null } {
  if (!doc.upcoming.length) return { doc, next: null };
  const copy: ListDoc = { ...doc, cats: { ...doc.cats }, complete: { ...doc.complete }, upcoming: [...doc.upcoming] };
  for (const cat of CATEGORY_ORDER) copy.cats[cat] = [...doc.cats[cat]];
  const { next } = revealDue(copy, now);
  return { doc: copy, next };
}

/**
 * Puts review `reviewId` in its place in every category of `doc` (entry null: takes it out).
 * Returns whether anything changed. Marks the list stale when an incomplete category falls under
 * MAX_LIMIT (the reviews that should follow are unknown: a rebuild is due).
 */
export function placeEntry(doc: ListDoc, reviewId: number, entry: ListEntry | null, now = Date.now()): boolean {
  let changed = false;
  const waiting = doc.upcoming.findIndex((e) => e.id === reviewId);
  if (waiting >= 0) {
    if (entry && isLater(entry, now) && sameEntry(doc.upcoming[waiting], entry)) return false; // already waiting
    doc.upcoming.splice(waiting, 1);
    changed = true;
  }
  if (entry && isLater(entry, now)) {
    // Shows later: out of the categories until then (placed by revealDue).
    placeEntry(doc, reviewId, null, now);
    doc.upcoming.push(entry);
    return true;
  }
  for (const cat of CATEGORY_ORDER) {
    const list = doc.cats[cat];
    const at = list.findIndex((e) => e.id === reviewId);
    if (at >= 0 && entry && qualifies(cat, entry) && sameEntry(list[at], entry)) continue; // already in place
    if (at >= 0) {
      list.splice(at, 1);
      changed = true;
    }
    if (entry && qualifies(cat, entry)) {
      const order = ORDERS[cat];
      const last = list[list.length - 1];
      // An incomplete category only takes what ranks before its last entry (beyond it: unknown place).
      if (doc.complete[cat] || (last && order(entry, last) < 0)) {
        let i = list.findIndex((e) => order(entry, e) < 0);
        if (i < 0) i = list.length;
        list.splice(i, 0, entry);
        changed = true;
        if (list.length > LIST_CAP) {
          list.length = LIST_CAP;
          doc.complete[cat] = false;
        }
      }
    }
    if (!doc.complete[cat] && list.length < MAX_LIMIT && !doc.stale) {
      doc.stale = true;
      changed = true;
    }
  }
  return changed;
}

const MAX_ATTEMPTS = 12;
/** How long one process may hold the building of every list (a scan of every review: minutes at 100,000 on FerretDB). */
const BUILD_LEASE_MS = 15 * 60_000;
const SCAN_FIELDS = { _id: 0, id: 1, visible: 1, pub: 1, relUp: 1, relTotal: 1, createdAt: 1 } as const;
type Scanned = Pick<Review, 'id' | 'visible' | 'pub' | 'relUp' | 'relTotal' | 'createdAt'>;

/** Rebuilds in flight in this process, by list key (`*` = all). */
const inflight = new Map<string, Promise<void>>();

/**
 * The maintained read model of the community page and the teachers' reviews. Every change of a
 * review's visibility, public version or votes calls `sync` (one read of the review by its ObjectId,
 * one read and one write per affected list under its lock, all by `_id`); reads fetch one document.
 * Refills (a scan) only happen in `rebuild`, off the read path: after the response when a list ran
 * short, at start-up when the lists are missing, and in the worker's reconciler.
 */
export class ReviewLists {
  private readonly logger = new Logger('ReviewLists');
  readonly lists: Collection<StoredList>;
  /** Lists marked stale and not rebuilt yet (`_id` = list key): the reconciler's short to-do list. */
  readonly rebuilds: Collection<{ _id: string }>;
  /** The next write of each list, gathering the syncs that arrive meanwhile (see syncOne). */
  private readonly batches = new Map<string, { items: Map<string, { oid: Types.ObjectId; predicted?: Scanned }>; done: Promise<boolean> }>();

  constructor(
    private readonly reviews: Model<Review>,
    private readonly onChange: () => Promise<void> = async () => undefined,
    /** Serializes the writers of one list (FerretDB 1.x: conditional updates are not isolated). */
    readonly lock: Locker = localLock,
  ) {
    this.lists = reviews.db.collection<StoredList>('review_lists');
    this.rebuilds = reviews.db.collection<{ _id: string }>('review_list_rebuilds');
  }

  async read(key: string): Promise<ListDoc | null> {
    const stored = await this.lists.findOne({ _id: key });
    return stored ? decodeList(stored) : null;
  }

  /**
   * Brings the lists of `community` and of the given teachers (the review's teacher before and after
   * the change) in step with review `_id`'s current state in the database. With `predicted` (a
   * transition about to be written), places that state instead, so the lists never lag behind what
   * the database shows; the transition syncs from the database once written.
   */
  async sync(reviewObjectId: Types.ObjectId, teacherIds: (number | null | undefined)[], predicted?: Scanned): Promise<void> {
    const keys = [COMMUNITY_KEY, ...new Set(teacherIds.filter((t): t is number => typeof t === 'number').map(teacherKey))];
    const written = await Promise.all(keys.map((key) => this.syncOne(key, reviewObjectId, predicted)));
    if (written.some(Boolean)) await this.onChange();
  }

  /**
   * Group commit: the syncs of one list that arrive while its lock is held are applied together,
   * with one read and one write of the list, when the lock comes free (a burst of publications
   * writes the community list a few times, not once per review). A later sync of the same review
   * in the same batch replaces the earlier one.
   */
  private syncOne(key: string, reviewObjectId: Types.ObjectId, predicted?: Scanned): Promise<boolean> {
    let batch = this.batches.get(key);
    if (!batch) {
      const items = new Map<string, { oid: Types.ObjectId; predicted?: Scanned }>();
      const done = this.lock(`list:${key}`, () => {
        this.batches.delete(key); // later syncs form the next batch
        return this.applyBatch(key, [...items.values()]);
      });
      batch = { items, done };
      this.batches.set(key, batch);
    }
    batch.items.set(reviewObjectId.toHexString(), { oid: reviewObjectId, predicted });
    return batch.done;
  }

  /** Under the list's lock: the list, then the reviews' current states, then one write. */
  private async applyBatch(key: string, items: { oid: Types.ObjectId; predicted?: Scanned }[]): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.read(key);
      if (!current && key === COMMUNITY_KEY) return false; // never built: the start-up rebuild will read everything
      const reviews = await Promise.all(items.map((i) => i.predicted ?? this.reviews.findOne({ _id: i.oid }, SCAN_FIELDS).lean<Scanned>().exec()));
      const doc = current ?? emptyList(key); // a teacher without a list has no public review
      const now = Date.now();
      let { changed } = revealDue(doc, now);
      for (const review of reviews) {
        if (!review) continue;
        let entry = entryOf(review);
        if (entry && key !== COMMUNITY_KEY && teacherKey(entry.teacherId) !== key) entry = null;
        if (placeEntry(doc, review.id, entry, now)) changed = true;
      }
      if (!changed) return false;
      if (doc.stale && !current?.stale) await this.rebuilds.updateOne({ _id: key }, { $set: { at: new Date() } }, { upsert: true });
      if (await this.write(doc, current?.v ?? null)) {
        if (doc.stale) this.scheduleRebuild(key);
        return true;
      }
    }
    this.logger.warn({ msg: 'list update lost the race too often; rebuilding', key });
    this.scheduleRebuild(key);
    return false;
  }

  /** Tells the readers' caches that something they show changed. */
  changed(): Promise<void> {
    return this.onChange();
  }

  /** Writes `doc` (null `previous`: not stored yet; false if another process stored it meanwhile). */
  private async write(doc: ListDoc, previous: number | null): Promise<boolean> {
    if (previous === null) {
      try {
        await this.lists.insertOne(encodeList({ ...doc, v: 1 }));
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    // Callers hold the list's lock and read `v` under it. The filter is `_id` alone on purpose:
    // FerretDB 1.x pushes down only that, `{_id, v}` would decode the whole collection.
    const { _id, ...fields } = encodeList({ ...doc, v: previous + 1 });
    const result = await this.lists.updateOne({ _id }, { $set: fields, $unset: { cats: '' } });
    return result.matchedCount === 1;
  }

  /** Runs `rebuild(key)` after the current work (never awaited by a request); one per key at a time. */
  scheduleRebuild(key: string): void {
    if (inflight.has(key)) return;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        if (key === '*') await this.ensureBuilt();
        else await this.rebuild(key);
      })
      .then(() => this.onChange())
      .catch((err: Error) => this.logger.warn({ msg: 'list rebuild failed', key, error: err.message }))
      .finally(() => inflight.delete(key));
    inflight.set(key, run);
  }

  /** Rebuilds one list from the reviews (a scan), without losing a concurrent `sync`. */
  async rebuild(key: string): Promise<boolean> {
    const filter: Record<string, unknown> = { visible: true };
    if (key !== COMMUNITY_KEY) filter.pubTeacherId = Number(key.slice('teacher:'.length));
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = await this.read(key);
      const scanned = await this.reviews.find(filter, SCAN_FIELDS).lean<Scanned[]>().exec();
      const entries = scanned.map(entryOf).filter((e): e is ListEntry => e !== null && (key === COMMUNITY_KEY || teacherKey(e.teacherId) === key));
      // Written only if no update came in during the scan (else scan again).
      const written = await this.lock(`list:${key}`, async () => {
        const current = await this.read(key);
        if ((current?.v ?? null) !== (before?.v ?? null)) return false;
        return this.write(buildList(key, entries, current?.v ?? 0), current?.v ?? null);
      });
      if (written) {
        await this.rebuilds.deleteOne({ _id: key });
        return true;
      }
    }
    return false;
  }

  /**
   * Rebuilds every list with one scan of the visible reviews (start-up of an unbuilt database, the
   * seed). `community` is written last: its presence means the lists are built.
   */
  async rebuildAll(): Promise<void> {
    const existing = new Map((await this.lists.find({}, { projection: { _id: 1, v: 1 } }).toArray()).map((d) => [d._id, d.v]));
    const scanned = await this.reviews.find({ visible: true }, SCAN_FIELDS).lean<Scanned[]>().exec();
    const byTeacher = new Map<string, ListEntry[]>();
    const all: ListEntry[] = [];
    for (const r of scanned) {
      const e = entryOf(r);
      if (!e) continue;
      all.push(e);
      const key = teacherKey(e.teacherId);
      if (!byTeacher.has(key)) byTeacher.set(key, []);
      byTeacher.get(key)!.push(e);
    }
    for (const key of existing.keys()) if (key !== COMMUNITY_KEY && !byTeacher.has(key)) byTeacher.set(key, []);
    const writeOrRebuild = async (key: string, entries: ListEntry[]) => {
      const previous = existing.get(key) ?? null;
      const written = await this.lock(`list:${key}`, async () => {
        const current = await this.read(key);
        return (current?.v ?? null) === previous && this.write(buildList(key, entries, previous ?? 0), previous);
      });
      if (!written) await this.rebuild(key);
      else await this.rebuilds.deleteOne({ _id: key });
    };
    for (const [key, entries] of byTeacher) await writeOrRebuild(key, entries);
    await writeOrRebuild(COMMUNITY_KEY, all);
  }

  /**
   * Builds the lists if they never were (a new or freshly seeded database). One process builds (the
   * API and the worker both ask at start-up); the others wait for it and find them built. Were two
   * to build at once, the loser would rebuild list by list, one scan each.
   */
  async ensureBuilt(): Promise<void> {
    if (await this.read(COMMUNITY_KEY)) return;
    await this.lock(
      'lists:build-all',
      async () => {
        if (!(await this.read(COMMUNITY_KEY))) await this.rebuildAll();
      },
      { ttlMs: BUILD_LEASE_MS, waitMs: BUILD_LEASE_MS },
    );
  }

  /** Rebuilds the lists marked stale (the reconciler); returns how many. */
  async rebuildStale(): Promise<number> {
    const stale = await this.rebuilds.find({}).toArray();
    for (const { _id } of stale) await this.rebuild(_id);
    if (stale.length) await this.onChange();
    return stale.length;
  }
}
