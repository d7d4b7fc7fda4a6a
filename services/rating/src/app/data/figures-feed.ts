import { sharedWork } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { type ListedFigures, listedFigures, type TeacherStats } from '../reading/teacher-stats';
import { ChangeCursor } from './change-cursor';

/**
 * A change that shows less than this long after its stamp is found by the next look (change-cursor.ts). Every write makes it
 * true: a write whose round trip took RESTAMP_AFTER_MS or more (a transaction committed late, a writer frozen) is stamped
 * again (TeacherStatsStore). A look reads each change about CHANGE_GRACE_MS / (FIGURES_MAX_AGE_MS / 2) times.
 */
export const CHANGE_GRACE_MS = 1000;
/** A stamping write answered this long after it was sent may have shown later than CHANGE_GRACE_MS after its stamp. */
export const RESTAMP_AFTER_MS = CHANGE_GRACE_MS / 2;
/**
 * Every teacher's listed figures are read again when the catalogue's version moves (a teacher removed, a process started:
 * `readAllAgain`), and at the latest after this long: the bound for a writer frozen, and never stopped, between a write
 * and its second stamp.
 */
export const FULL_READ_MS = 10 * 60_000;

/** The fields every process holds per teacher, and `changedAt` (what the next look asks after). */
export const LISTED_FIELDS = { _id: 1, reviewCount: 1, ratingSum: 1, rev: 1, crev: 1, changedAt: 1 } as const;

export type StatsRow = Partial<TeacherStats> & { _id: number; changedAt?: Date };

export interface FiguresSnapshot {
  /** When the look that made it started (Date.now()). */
  at: number;
  /** Per teacher: replaced by another map whenever one of them changed (the same map while none did). */
  stats: ReadonlyMap<number, ListedFigures>;
  /** The sum of every teacher's `crev`: moves only with changes that can change the community's lists. */
  community: number;
  /** The sum of every teacher's `rev`: moves with every change of a public review. */
  revs: number;
}

const sameFigures = (a: ListedFigures | undefined, b: ListedFigures) =>
  a !== undefined &&
  a.reviewCount === b.reviewCount &&
  a.ratingSum === b.ratingSum &&
  a.rev === b.rev &&
  a.crev === b.crev &&
  a.changedAt === b.changedAt;

// Every teacher's listed figures kept current by asking only what changed since the last look (`changedAt`, an index): at
// idle a look reads no document; under load it reads the teachers that changed, never the others. Memory: one small entry
// per teacher, nothing that grows with the reviews.
export class FiguresFeed {
  private current?: FiguresSnapshot;
  private readonly cursor = new ChangeCursor(CHANGE_GRACE_MS);
  private fullReadAt = 0;
  private readAll = true;
  private looking?: Promise<FiguresSnapshot>;

  constructor(private readonly docs: Collection<StatsRow>) {}

  /** The last snapshot made, if any (no database read). */
  get last(): FiguresSnapshot | undefined {
    return this.current;
  }

  /** The next look reads every teacher (what a catalogue change may have removed, or a stopped writer left unseen). */
  readAllAgain(): void {
    this.readAll = true;
  }

  /** A look now (shared by the callers meanwhile): everything the first time, when asked and every FULL_READ_MS, else what changed. */
  look(): Promise<FiguresSnapshot> {
    this.looking ??= sharedWork(() => this.read()).finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async read(): Promise<FiguresSnapshot> {
    const at = Date.now();
    const full = this.readAll || !this.current || performance.now() - this.fullReadAt >= FULL_READ_MS;
    this.readAll = false;
    const since = this.cursor.since();
    const filter = full ? {} : { changedAt: { $gt: new Date(Number.isFinite(since) ? since : 0) } };
    const rows = await this.docs
      .find(filter, { projection: LISTED_FIELDS })
      .toArray()
      .catch((err: unknown) => {
        this.readAll ||= full;
        throw err;
      });
    if (full) this.fullReadAt = performance.now();
    this.cursor.saw(rows.flatMap((r) => (r.changedAt ? [r.changedAt.getTime()] : [])));
    const held = full ? new Map<number, ListedFigures>() : new Map(this.current!.stats);
    let changed = full;
    for (const row of rows) {
      const figures = listedFigures(row);
      if (sameFigures(held.get(row._id), figures)) continue;
      held.set(row._id, figures);
      changed = true;
    }
    if (!changed) return (this.current = { ...this.current!, at });
    if (full && this.current && sameMaps(this.current.stats, held)) return (this.current = { ...this.current, at });
    let [community, revs] = [0, 0];
    for (const f of held.values()) [community, revs] = [community + f.crev, revs + f.rev];
    return (this.current = { at, stats: held, community, revs });
  }
}

function sameMaps(a: ReadonlyMap<number, ListedFigures>, b: ReadonlyMap<number, ListedFigures>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, f] of b) if (!sameFigures(a.get(id), f)) return false;
  return true;
}
