import { type CommunityCategory, type ReplyStatus } from '@pupitre/contracts';
import { type ReviewDoc } from '../reviews/review';
import { addToStats, emptyStats, type StatsSource, type TeacherStats } from './teacher-stats';
import { topK } from './top-k';
import { wilsonLowerBound } from './review-view';

/** A public review as the lists hold it: its public version and vote counts, never the author. */
export interface IndexEntry extends StatsSource {
  id: number;
  teacherId: number;
  subjectId: number;
  year: number;
  text: string;
  createdAt: number;
  relUp: number;
  relTotal: number;
  /** The votes' JSON text (each reader's own vote is read from it). */
  votes: string;
  /** The teacher's reply, whatever its status (only a published one is shown; the teacher's space shows his own). */
  reply: ReviewReplyEntry | null;
}

export interface ReviewReplyEntry {
  text: string;
  status: ReplyStatus;
  reason: string | null;
  /** A moderator's words with a removal. */
  reasonText: string | null;
  at: number;
  publishedAt: number | null;
}

export const CATEGORY_ORDER: CommunityCategory[] = ['recent', 'highest', 'lowest', 'relevant'];
/** The largest `?limit=` of the community and teacher reviews. */
export const MAX_LIMIT = 50;

const byRecent = (a: IndexEntry, b: IndexEntry) => b.createdAt - a.createdAt || b.id - a.id;
const ORDERS: Record<CommunityCategory, (a: IndexEntry, b: IndexEntry) => number> = {
  recent: byRecent,
  highest: (a, b) => b.tot - a.tot || byRecent(a, b),
  lowest: (a, b) => a.tot - b.tot || byRecent(a, b),
  relevant: (a, b) =>
    wilsonLowerBound(b.relUp, b.relTotal) - wilsonLowerBound(a.relUp, a.relTotal) || b.relTotal - a.relTotal || b.id - a.id,
};
const qualifies: Record<CommunityCategory, (e: IndexEntry) => boolean> = {
  recent: () => true,
  highest: () => true,
  lowest: () => true,
  relevant: (e) => e.relTotal > 0,
};

/** The index entry of a review document, or null when it is not public. */
export function entryOf(doc: ReviewDoc | null): IndexEntry | null {
  if (!doc || !doc.visible || !doc.pub) return null;
  const pub = doc.pub;
  return {
    id: doc.id,
    teacherId: pub.teacherId,
    subjectId: pub.subjectId,
    year: pub.year,
    tot: pub.tot_rating,
    text: pub.text_rating ?? '',
    grades: pub.grades ?? {},
    flags: pub.flags ?? {},
    createdAt: new Date(doc.createdAt).getTime(),
    relUp: doc.relUp ?? 0,
    relTotal: doc.relTotal ?? 0,
    votes: doc.votes ?? '{}',
    reply: doc.reply
      ? {
          text: doc.reply.text,
          status: doc.reply.status,
          reason: doc.reply.reason ?? null,
          reasonText: doc.reply.reasonText ?? null,
          at: new Date(doc.reply.at).getTime(),
          publishedAt: doc.reply.publishedAt ? new Date(doc.reply.publishedAt).getTime() : null,
        }
      : null,
  };
}

/** Whether moderators must look at the review: held by the automatic checks or by reports, reported, or its reply held. */
const needsModerator = (doc: ReviewDoc) =>
  doc.status === 'held' || doc.hidden || (doc.reportCount ?? 0) > 0 || doc.reply?.status === 'held';

/**
 * Every public review, in this process's memory, and what is derived from them: the community and
 * teacher lists (four orders), each teacher's figures (teacher-stats.ts), and the reviews waiting
 * for a moderator. It follows the review documents: loaded whole at start-up (and after notices
 * may have been missed), then one document at a time as this process writes or the change feed
 * announces (data/change-feed.ts). Answers are memoized until the next change.
 */
export class PublicIndex {
  private readonly entries = new Map<number, IndexEntry>();
  private readonly byTeacher = new Map<number, Set<number>>();
  private readonly stats = new Map<number, TeacherStats>();
  private readonly flagged = new Set<number>();
  private readonly memos = new Map<string, { version: number; value: unknown }>();
  /** Teachers delisted by an accepted objection: their reviews are in no list and no answer. */
  private delisted: ReadonlySet<number> = new Set();
  /** Moves on every change: memoized answers computed before it are dropped. */
  private version = 0;

  /** Replaces everything with `docs` (start-up, resync). */
  load(docs: Iterable<ReviewDoc>): void {
    this.entries.clear();
    this.byTeacher.clear();
    this.stats.clear();
    this.flagged.clear();
    for (const doc of docs) this.add(doc.id, doc);
    this.version++;
  }

  /** Review `id` is now `doc` (null: deleted). */
  apply(id: number, doc: ReviewDoc | null): void {
    const old = this.entries.get(id);
    if (old) {
      this.entries.delete(id);
      this.byTeacher.get(old.teacherId)?.delete(id);
      addToStats(this.statsOf(old.teacherId), old, -1);
    }
    this.flagged.delete(id);
    this.add(id, doc);
    this.version++;
  }

  private add(id: number, doc: ReviewDoc | null): void {
    if (doc && needsModerator(doc)) this.flagged.add(id);
    const entry = entryOf(doc);
    if (!entry) return;
    this.entries.set(id, entry);
    let set = this.byTeacher.get(entry.teacherId);
    if (!set) this.byTeacher.set(entry.teacherId, (set = new Set()));
    set.add(id);
    addToStats(this.statsOf(entry.teacherId), entry, 1);
  }

  private statsOf(teacherId: number): TeacherStats {
    let stats = this.stats.get(teacherId);
    if (!stats) this.stats.set(teacherId, (stats = emptyStats()));
    return stats;
  }

  /** `compute()` once per change of the index (and per `key`). */
  memo<T>(key: string, compute: () => T): T {
    const hit = this.memos.get(key);
    if (hit && hit.version === this.version) return hit.value as T;
    const value = compute();
    if (this.memos.size > 2000) this.memos.clear();
    this.memos.set(key, { version: this.version, value });
    return value;
  }

  /** The catalogue's delisted teachers (their reviews leave every list); a change drops the memoized answers. */
  setDelisted(ids: ReadonlySet<number>): void {
    if (ids.size === this.delisted.size && [...ids].every((id) => this.delisted.has(id))) return;
    this.delisted = new Set(ids);
    this.version++;
  }

  /** A public review (undefined when it is not public or its teacher is delisted). */
  get(id: number): IndexEntry | undefined {
    const entry = this.entries.get(id);
    return entry && !this.delisted.has(entry.teacherId) ? entry : undefined;
  }

  /** The public reviews of one teacher, newest first (his own space). */
  reviewsOf(teacherId: number): IndexEntry[] {
    return [...(this.byTeacher.get(teacherId) ?? [])].map((id) => this.entries.get(id)!).sort(byRecent);
  }

  /** The teacher's figures over his public reviews. */
  teacherStats(teacherId: number): TeacherStats {
    return this.stats.get(teacherId) ?? emptyStats();
  }

  /** The categories of the whole community (teacherId undefined) or of one teacher: the first MAX_LIMIT of each order. */
  categories(teacherId?: number): Record<CommunityCategory, IndexEntry[]> {
    return this.memo(`categories:${teacherId ?? '*'}`, () => {
      const pool = (
        teacherId === undefined ? [...this.entries.values()] : [...(this.byTeacher.get(teacherId) ?? [])].map((id) => this.entries.get(id)!)
      ).filter((e) => !this.delisted.has(e.teacherId));
      return Object.fromEntries(CATEGORY_ORDER.map((cat) => [cat, topK(pool, MAX_LIMIT, ORDERS[cat], qualifies[cat])])) as Record<
        CommunityCategory,
        IndexEntry[]
      >;
    });
  }

  isFlagged(id: number): boolean {
    return this.flagged.has(id);
  }

  /** Ids of the reviews waiting for a moderator. */
  flaggedIds(): number[] {
    return [...this.flagged];
  }

  get size(): number {
    return this.entries.size;
  }
}
