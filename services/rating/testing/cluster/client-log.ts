// What the clients of a cluster test were told, and what the documents must therefore hold: an
// acknowledged write (2xx) is there exactly once, a refused one (4xx) is not, one without an answer
// (no answer, 5xx) is there entirely or not at all. Erased users leave nothing behind.
import { type Answer } from './http';
import { type GroundTruth } from '../ground-truth';

export type Outcome = 'acked' | 'refused' | 'unknown';
export const outcomeOf = (a: Answer): Outcome =>
  a.status >= 200 && a.status < 300 ? 'acked' : a.status >= 400 && a.status < 500 ? 'refused' : 'unknown';

export interface CreatedReview {
  user: string;
  id: number;
  teacher: number;
  subject: number;
  year: number;
  /** False when its text is meant to be rejected by the automatic validation. */
  clean: boolean;
  /** When the client got its 201, and when the latest acknowledged version is due. */
  ackAt: number;
  dueAt: number;
}

const pair = (reviewId: number, userId: string) => `${reviewId}:${userId}`;

export class ClientLog {
  readonly created = new Map<number, CreatedReview>();
  /** Creates that got no answer: their review may or may not exist, but never half. */
  readonly unknownCreates: { user: string; clean: boolean; dueAt: number }[] = [];
  private readonly votes = new Map<string, Set<boolean | null>>();
  private readonly favourites = new Map<string, Set<boolean>>();
  /** The statuses each (review, user) report got. */
  private readonly reports = new Map<string, number[]>();
  readonly erased = new Set<string>();

  constructor(private readonly validationDelayMs: number) {}

  create(user: string, what: { teacher: number; subject: number; year: number }, clean: boolean, answer: Answer): void {
    if (outcomeOf(answer) === 'acked') {
      const id = (answer.json as { id: number }).id;
      const now = Date.now();
      this.created.set(id, { user, id, ...what, clean, ackAt: now, dueAt: now + this.validationDelayMs });
    } else if (outcomeOf(answer) === 'unknown') this.unknownCreates.push({ user, clean, dueAt: Date.now() + this.validationDelayMs });
  }

  /** An acknowledged edit makes a new version, due after the delay. */
  edit(id: number, answer: Answer): void {
    const created = this.created.get(id);
    if (created && outcomeOf(answer) !== 'refused') created.dueAt = Math.max(created.dueAt, Date.now() + this.validationDelayMs);
  }

  vote(reviewId: number, userId: string, value: boolean | null, answer: Answer): void {
    track(this.votes, pair(reviewId, userId), value, outcomeOf(answer), null);
  }

  favourite(reviewId: number, userId: string, value: boolean, answer: Answer): void {
    track(this.favourites, pair(reviewId, userId), value, outcomeOf(answer), false);
  }

  report(reviewId: number, userId: string, answer: Answer): void {
    const key = pair(reviewId, userId);
    this.reports.set(key, [...(this.reports.get(key) ?? []), answer.status]);
  }

  /** When every acknowledged review's latest version is due. */
  lastDueAt(): number {
    return Math.max(0, ...[...this.created.values(), ...this.unknownCreates].map((c) => c.dueAt));
  }

  /** What the documents hold that contradicts what the clients were told. */
  problems(truth: GroundTruth): string[] {
    const out: string[] = [];
    for (const c of this.created.values()) {
      const copies = truth.reviewCopies.get(c.id) ?? 0;
      if (copies !== 1) out.push(`review ${c.id} (201 to ${c.user}) is in ${copies} documents`);
      const author = truth.authorOf.get(c.id);
      if (copies && !this.erased.has(c.user) && author !== c.user) out.push(`review ${c.id} of ${c.user} has author ${author}`);
      if (copies && this.erased.has(c.user) && author === c.user) out.push(`review ${c.id} still names its erased author ${c.user}`);
      if (truth.at >= c.dueAt && c.clean !== truth.shown.has(c.id))
        out.push(
          `review ${c.id} (201 to ${c.user}, due ${new Date(c.dueAt).toISOString()}) is ${truth.shown.has(c.id) ? 'public though its text must be rejected' : 'not public'}`,
        );
    }
    // A create without an answer leaves its review entirely (public once due) or not at all.
    for (const [id, author] of truth.authorOf) {
      const unknown = this.unknownCreates.filter((u) => u.user === author);
      if (this.created.has(id) || !unknown.length || !unknown.every((u) => u.clean && truth.at >= u.dueAt)) continue;
      if (!truth.shown.has(id)) out.push(`review ${id} of ${author} (a create that got no answer) exists but is not public`);
    }
    const stored = (list: { reviewId: number; userId: string }[]) => {
      const m = new Map<string, number>();
      for (const x of list) m.set(pair(x.reviewId, x.userId), (m.get(pair(x.reviewId, x.userId)) ?? 0) + 1);
      return m;
    };
    const votes = new Map(truth.votes.map((v) => [pair(v.reviewId, v.userId), v.value]));
    const voteCopies = stored(truth.votes);
    for (const [key, possible] of this.votes) {
      const userId = key.slice(key.indexOf(':') + 1);
      const value = votes.get(key) ?? null;
      if ((voteCopies.get(key) ?? 0) > 1) out.push(`vote ${key} is in ${voteCopies.get(key)} documents`);
      if (this.erased.has(userId) ? value !== null : !possible.has(value))
        out.push(
          `vote ${key} is ${value}; the client was told ${[...possible].map(String).join(' or ')}${this.erased.has(userId) ? ' (user erased)' : ''}`,
        );
    }
    const favourites = stored(truth.favourites);
    for (const [key, possible] of this.favourites) {
      const userId = key.slice(key.indexOf(':') + 1);
      const count = favourites.get(key) ?? 0;
      if (count > 1 || (this.erased.has(userId) ? count !== 0 : !possible.has(count === 1)))
        out.push(
          `favourite ${key} is in ${count} documents; the client was told ${[...possible].map(String).join(' or ')}${this.erased.has(userId) ? ' (user erased)' : ''}`,
        );
    }
    const reports = stored(truth.reports);
    for (const [key, statuses] of this.reports) {
      const userId = key.slice(key.indexOf(':') + 1);
      const count = reports.get(key) ?? 0;
      // 201, or 409 already-reported: it is there; no answer: maybe; another refusal: not.
      const unknown = statuses.some((s) => outcomeOf({ status: s } as Answer) === 'unknown');
      const expected = this.erased.has(userId) ? [0] : statuses.some((s) => s === 201 || s === 409) ? [1] : unknown ? [0, 1] : [0];
      if (!expected.includes(count))
        out.push(
          `report ${key} is in ${count} documents; the client was told ${statuses.join(', ')}${this.erased.has(userId) ? ' (user erased)' : ''}`,
        );
    }
    return out;
  }
}

function track<V>(states: Map<string, Set<V>>, key: string, value: V, outcome: Outcome, initial: V): void {
  const possible = states.get(key) ?? new Set([initial]);
  if (outcome === 'acked') states.set(key, new Set([value]));
  else if (outcome === 'unknown') states.set(key, new Set([...possible, value]));
  else states.set(key, possible);
}
