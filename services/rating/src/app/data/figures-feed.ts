import { sharedWork } from '@pupitre/server-kit';
import type { Collection } from 'mongodb';
import { type ListedFigures, listedFigures, type TeacherStats } from '../reading/teacher-stats';
import { ChangeCursor } from './change-cursor';

/** A change stamped this long before its commit shows all the same (change-cursor.ts): longer than any transaction. */
export const CHANGE_GRACE_MS = 5000;
/** Every teacher's listed figures read again this often all the same (hundreds of small documents): bounds what a write
 * committed later than CHANGE_GRACE_MS after its stamp (a writer frozen mid-transaction) leaves stale. */
export const FULL_READ_MS = 30_000;

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
  private looking?: Promise<FiguresSnapshot>;

  constructor(private readonly docs: Collection<StatsRow>) {}

  /** The last snapshot made, if any (no database read). */
  get last(): FiguresSnapshot | undefined {
    return this.current;
  }

  /** A look now (shared by the callers meanwhile): everything the first time and every FULL_READ_MS, else what changed. */
  look(): Promise<FiguresSnapshot> {
    this.looking ??= sharedWork(() => this.read()).finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async read(): Promise<FiguresSnapshot> {
    const at = Date.now();
    const full = !this.current || performance.now() - this.fullReadAt >= FULL_READ_MS;
    const since = this.cursor.since();
    const filter = full ? {} : { changedAt: { $gt: new Date(Number.isFinite(since) ? since : 0) } };
    const rows = await this.docs.find(filter, { projection: LISTED_FIELDS }).toArray();
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
    let community = 0;
    for (const f of held.values()) community += f.crev;
    return (this.current = { at, stats: held, community });
  }
}

function sameMaps(a: ReadonlyMap<number, ListedFigures>, b: ReadonlyMap<number, ListedFigures>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, f] of b) if (!sameFigures(a.get(id), f)) return false;
  return true;
}
