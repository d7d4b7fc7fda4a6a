import { KEPT_DEFAULT_REASON, LEGACY_MODERATOR_REASON, type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';
import { type Types } from 'mongoose';
import { validateReviewText } from '../validation/text-checks';
import { type ListKeys } from './list-keys';

// A review, and everything that happens to it, as pure functions of its one document: the
// document is the only truth about the review (its versions, verdict, votes and reports), so each
// change is one write of one document (data/review-store.ts) and nothing derived is stored beside it.

export type ReviewStatus = 'pending' | 'published' | 'held' | 'rejected';
export type ReportOutcome = 'open' | 'kept' | 'removed';

/** What one version of a review says. `grades` and `flags` hold only what it was given (either reading of the spec). */
export interface ReviewContent {
  teacherId: number;
  subjectId: number;
  year: number;
  tot_rating: number;
  grades: ReviewGrades;
  flags: ReviewAnswers;
  text_rating: string;
}

/** The version the public sees, and since when. */
export interface PublishedVersion extends ReviewContent {
  version: number;
  publishedAt: Date;
}

export interface ReviewReport {
  userId: string;
  content: string;
  /** What it weighs towards holding the review before a moderator decides (report-weight.ts). */
  weight: number;
  at: Date;
  outcome: ReportOutcome;
  /** The statement of reasons once decided: a reason key, and the moderator's own words. */
  reason: string | null;
  reasonText?: string | null;
  decidedAt: Date | null;
  /** The reporter asked to be told the outcome by e-mail (sent through the auth service). */
  notify?: boolean;
}

/**
 * What happened to a review, kept for the transparency figures (reading/transparency.ts): held (by
 * the automatic checks or the weight of its reports), removed (by the checks or a moderator), or a
 * moderator's decision on a review the checks held (`waitedMs`: how long it waited).
 */
export interface ReviewEvent {
  kind: 'held' | 'removed' | 'decided';
  by: 'checks' | 'reports' | 'moderator';
  at: Date;
  waitedMs?: number;
}

/** A moderator's decision: a reason key and optional free text. */
export interface Decision {
  reason: string | null;
  text: string | null;
}

/**
 * The review document. Top-level content is the LATEST submitted version (what its author edits;
 * `status` is the verdict on it, due at `publishAt`); `pub` is the version the public sees (kept
 * while an edit waits). `visible` = a public version not held by reports. `votes` is the JSON text
 * of `{userId: 1 | 0}` (1: relatable), `relUp`/`relTotal` its counts, written with it. `fence` is
 * the document's version: each write's filter holds the one it was decided on, and moves it on
 * (data/review-store.ts). `authorId` never leaves the service.
 */
export interface ReviewDoc extends ReviewContent {
  _id: Types.ObjectId;
  id: number;
  authorId: string;
  version: number;
  status: ReviewStatus;
  reason: string | null;
  /** A moderator's own words beside `reason` (the author sees both). */
  reasonText?: string | null;
  publishAt: Date;
  pub: PublishedVersion | null;
  hidden: boolean;
  visible: boolean;
  votes: string;
  relUp: number;
  relTotal: number;
  reports: ReviewReport[];
  reportCount: number;
  reportWeight: number;
  fence: number;
  createdAt: Date;
  updatedAt: Date;
  /** When the review was first public (kept across edits). */
  firstPublishedAt?: Date | null;
  /** Since when it waits for a moderator (held by the checks or by its reports), else null. */
  heldAt?: Date | null;
  /** Holds, removals and decisions, for the transparency figures. */
  history?: ReviewEvent[];
  /** Demo data (the seed). */
  demo?: boolean;
  /** The reply of the teacher the review is about (reviews/reply.ts): one per review. */
  reply?: ReviewReply | null;
  /** Derived, written with every change (list-keys.ts): the review's place in the public lists, and whether moderators must look at it. */
  keys?: ListKeys;
  flagged?: boolean;
}

/**
 * A linked teacher's reply to the review: validated by the same automatic checks at `publishAt`,
 * then public under the review (`published`), waiting for a moderator (`held`) or `rejected`.
 * `authorId` (the teacher's account) never leaves the service.
 */
export interface ReviewReply {
  authorId: string;
  text: string;
  status: 'pending' | 'published' | 'held' | 'rejected';
  reason: string | null;
  reasonText?: string | null;
  at: Date;
  publishAt: Date;
  publishedAt: Date | null;
}

/** A change of a review, decided on its current document: the new document, or null (nothing to do). */
export type ReviewChange = (current: ReviewDoc) => ReviewDoc | null;

export const contentOf = (r: ReviewContent): ReviewContent => ({
  teacherId: r.teacherId,
  subjectId: r.subjectId,
  year: r.year,
  tot_rating: r.tot_rating,
  grades: r.grades,
  flags: r.flags,
  text_rating: r.text_rating ?? '',
});

const withVisibility = (doc: ReviewDoc): ReviewDoc => ({ ...doc, visible: doc.pub !== null && !doc.hidden });

/** A new review, pending until `publishAt`. */
export function newReview(
  id: number,
  _id: Types.ObjectId,
  authorId: string,
  content: ReviewContent,
  now: Date,
  publishAt: Date,
): Omit<ReviewDoc, 'fence'> {
  return {
    _id,
    id,
    authorId,
    ...content,
    version: 1,
    status: 'pending',
    reason: null,
    publishAt,
    pub: null,
    hidden: false,
    visible: false,
    votes: '{}',
    relUp: 0,
    relTotal: 0,
    reports: [],
    reportCount: 0,
    reportWeight: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** An edit: the new version waits for validation, the public version stays meanwhile. */
export function edited(current: ReviewDoc, content: ReviewContent, publishAt: Date): ReviewDoc {
  return { ...current, ...content, version: current.version + 1, status: 'pending', reason: null, publishAt };
}

export type ValidationOutcome = 'published' | 'held' | 'rejected';

/**
 * The automatic validation of the latest version, once due (`publishAt` ≤ now) and still pending
 * (and, when given, still `version`): published (it becomes the public version), held or rejected.
 */
export function validated(current: ReviewDoc, now: Date, version?: number): { doc: ReviewDoc; outcome: ValidationOutcome } | null {
  if (current.status !== 'pending' || (version !== undefined && current.version !== version)) return null;
  if (new Date(current.publishAt).getTime() > now.getTime()) return null;
  const verdict = validateReviewText(current.text_rating ?? '');
  if (verdict.action === 'publish') return { doc: published(current, now), outcome: 'published' };
  if (verdict.action === 'hold') {
    const doc = withVisibility({
      ...current,
      status: 'held',
      reason: verdict.reason,
      reasonText: null,
      heldAt: now,
      history: [...(current.history ?? []), { kind: 'held', by: 'checks', at: now }],
    });
    return { doc, outcome: 'held' };
  }
  const doc = withVisibility({
    ...current,
    status: 'rejected',
    reason: verdict.reason,
    reasonText: null,
    history: [...(current.history ?? []), { kind: 'removed', by: 'checks', at: now }],
  });
  return { doc, outcome: 'rejected' };
}

/** The latest version becomes the public one. */
export function published(current: ReviewDoc, now: Date): ReviewDoc {
  return withVisibility({
    ...current,
    status: 'published',
    reason: null,
    reasonText: null,
    firstPublishedAt: current.firstPublishedAt ?? current.pub?.publishedAt ?? now,
    pub: { ...contentOf(current), version: current.version, publishedAt: now },
  });
}

export type ModerationAction = 'approve' | 'reject' | 'restore';

/**
 * A moderator's decision. approve: the latest version public, not held, its open reports closed as
 * kept (reason: the decision's, else `no-breach`); reject: off the public pages with the decision's
 * reason and text, open reports closed as removed; restore: a rejected review public again. Null
 * when the action does not apply to the current state.
 */
export function moderated(current: ReviewDoc, action: ModerationAction, decision: Decision, now: Date): ReviewDoc | null {
  const open = current.reports.some((r) => r.outcome === 'open');
  // A moderator's decision on a review the automatic checks held: how long it waited (reports count their own wait).
  const decided = (doc: ReviewDoc): ReviewDoc => {
    const history =
      current.status === 'held' && current.heldAt
        ? [
            ...(doc.history ?? []),
            { kind: 'decided' as const, by: 'moderator' as const, at: now, waitedMs: now.getTime() - new Date(current.heldAt).getTime() },
          ]
        : doc.history;
    return { ...doc, heldAt: null, history };
  };
  if (action === 'approve') {
    if (current.status !== 'held' && !current.hidden && !open) return null;
    const base = current.status === 'published' ? current : published(current, now);
    return closeReports(
      decided(withVisibility({ ...base, hidden: false })),
      'kept',
      decision.reason ?? KEPT_DEFAULT_REASON,
      decision.text,
      now,
    );
  }
  if (action === 'reject') {
    if (current.status === 'rejected' && !current.visible) return null;
    const removed = withVisibility({
      ...current,
      status: 'rejected',
      reason: decision.reason,
      reasonText: decision.text,
      pub: null,
      hidden: false,
      history: [...(current.history ?? []), { kind: 'removed', by: 'moderator', at: now }],
    });
    return closeReports(decided(removed), 'removed', decision.reason ?? LEGACY_MODERATOR_REASON, decision.text, now);
  }
  if (current.status !== 'rejected') return null;
  return withVisibility({ ...published(current, now), hidden: false });
}

function closeReports(doc: ReviewDoc, outcome: ReportOutcome, reason: string, text: string | null, now: Date): ReviewDoc {
  const reports = doc.reports.map((r) => (r.outcome === 'open' ? { ...r, outcome, reason, reasonText: text, decidedAt: now } : r));
  return { ...doc, reports, reportCount: 0, reportWeight: 0 };
}

/** The reports a write decided (open before it, decided after it). */
export function reportsDecidedBy(before: ReviewDoc, after: ReviewDoc): ReviewReport[] {
  const wasOpen = new Set(before.reports.filter((r) => r.outcome === 'open').map((r) => r.userId));
  return after.reports.filter((r) => r.outcome !== 'open' && wasOpen.has(r.userId));
}

/** The votes of a review, by user: 1 relatable, 0 not. */
export const votesOf = (doc: Pick<ReviewDoc, 'votes'>): Record<string, 0 | 1> => {
  try {
    const parsed = JSON.parse(doc.votes || '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, 0 | 1>) : {};
  } catch {
    return {};
  }
};

/** `userId`'s vote read from the votes text without parsing it (the lists' per-reader state). */
export function voteIn(votes: string, userId: string): boolean | null {
  const at = votes.indexOf(`${JSON.stringify(userId)}:`);
  if (at < 0) return null;
  return votes.charAt(at + JSON.stringify(userId).length + 1) === '1';
}

/** `userId` votes `value` (null: removes the vote); the counts follow in the same document. */
export function voted(current: ReviewDoc, userId: string, value: boolean | null): ReviewDoc | null {
  const votes = votesOf(current);
  const before = votes[userId];
  if (value === null ? before === undefined : before === (value ? 1 : 0)) return null;
  if (value === null) delete votes[userId];
  else votes[userId] = value ? 1 : 0;
  const values = Object.values(votes);
  return { ...current, votes: JSON.stringify(votes), relTotal: values.length, relUp: values.filter((v) => v === 1).length };
}

/**
 * `userId` reports the review with a weight (report-weight.ts); at `threshold` of open weight the
 * review is held (not visible) until a moderator decides. Null when this user already reported it.
 */
export function reported(
  current: ReviewDoc,
  userId: string,
  content: string,
  weight: number,
  threshold: number,
  now: Date,
  notify = false,
): ReviewDoc | null {
  if (current.reports.some((r) => r.userId === userId)) return null;
  const reports = [
    ...current.reports,
    { userId, content, weight, at: now, outcome: 'open' as const, reason: null, reasonText: null, decidedAt: null, notify },
  ];
  const open = reports.filter((r) => r.outcome === 'open');
  const reportWeight = Math.round(open.reduce((sum, r) => sum + r.weight, 0) * 100) / 100;
  const hidden = current.hidden || reportWeight >= threshold;
  const held =
    hidden && !current.hidden
      ? { heldAt: current.heldAt ?? now, history: [...(current.history ?? []), { kind: 'held' as const, by: 'reports' as const, at: now }] }
      : {};
  return withVisibility({ ...current, reports, reportCount: open.length, reportWeight, hidden, ...held });
}

/** An erased user's traces on a review: their vote and reports go; if they wrote it, it stays, detached from them. */
export function withoutUser(current: ReviewDoc, userId: string, tombstone: string): ReviewDoc | null {
  const unvoted = voted(current, userId, null) ?? current;
  const reports = unvoted.reports.filter((r) => r.userId !== userId);
  const open = reports.filter((r) => r.outcome === 'open');
  const next = {
    ...unvoted,
    reports,
    reportCount: open.length,
    reportWeight: Math.round(open.reduce((sum, r) => sum + r.weight, 0) * 100) / 100,
    authorId: current.authorId === userId ? tombstone : current.authorId,
  };
  const changed = unvoted !== current || reports.length !== current.reports.length || next.authorId !== current.authorId;
  return changed ? next : null;
}

/** The status of the latest version as its author sees it: held while reports hold it. */
export function authorStatus(review: Pick<ReviewDoc, 'status' | 'hidden'>): ReviewStatus {
  return review.status === 'published' && review.hidden ? 'held' : review.status;
}

/** The statement of reasons its author sees for a held or rejected review. */
export function authorReason(review: Pick<ReviewDoc, 'status' | 'hidden' | 'reason'>): string | null {
  return review.status === 'published' && review.hidden ? 'reported' : review.reason;
}

/** A moderator's own words its author sees beside the reason (a rejected review), or null. */
export function authorReasonText(review: Pick<ReviewDoc, 'status' | 'hidden' | 'reasonText'>): string | null {
  return review.status === 'rejected' ? (review.reasonText ?? null) : null;
}

/** Same teacher, subject, year, ratings, comment, and the same criteria given the same values. */
export function sameContent(a: ReviewContent, b: ReviewContent, gradeKeys: readonly string[], answerKeys: readonly string[]): boolean {
  const g = (c: ReviewContent, k: string) => (c.grades as Record<string, number | undefined>)[k] ?? null;
  const f = (c: ReviewContent, k: string) => (c.flags as Record<string, boolean | undefined>)[k] ?? null;
  return (
    a.teacherId === b.teacherId &&
    a.subjectId === b.subjectId &&
    a.year === b.year &&
    a.tot_rating === b.tot_rating &&
    (a.text_rating ?? '') === (b.text_rating ?? '') &&
    gradeKeys.every((k) => g(a, k) === g(b, k)) &&
    answerKeys.every((k) => f(a, k) === f(b, k))
  );
}
