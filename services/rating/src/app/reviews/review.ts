import { type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';
import { type Types } from 'mongoose';
import { validateReviewText } from '../validation/text-checks';
import { type ListKeys } from './list-keys';

// A review's lifecycle as pure functions of its one document, the whole truth about it (versions,
// verdict, votes, reports): each change is one write of it (data/review-store.ts).

/**
 * `approved`: the latest version passed its validation and waits for the next release time to be public
 * (publication/release-schedule.ts); its author reads it as `pending` with the time it will be public.
 */
export type ReviewStatus = 'pending' | 'approved' | 'published' | 'held' | 'rejected';
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

export interface PublishedVersion extends ReviewContent {
  version: number;
  publishedAt: Date;
}

/** One user's vote on a review: `v` 1 relatable, 0 not. Short names: a hot review holds thousands. Never leaves the service. */
export interface ReviewVoter {
  u: string;
  v: 0 | 1;
}

export interface ReviewReport {
  userId: string;
  content: string;
  /** Towards holding the review before a moderator decides (report-weight.ts). */
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

/** What happened to a review, for the transparency figures (`waitedMs`: how long a held review waited for a moderator). */
export interface ReviewEvent {
  kind: 'held' | 'removed' | 'decided';
  by: 'checks' | 'reports' | 'moderator';
  at: Date;
  waitedMs?: number;
}

export interface Decision {
  reason: string | null;
  text: string | null;
}

// Top-level content is the LATEST version (`status`: its verdict); `pub` the public one; `visible`: public and not held by reports.
// `voters`: one `{u: userId, v: 1 | 0}` per vote (index `voters.u`: an erasure finds them), changed only by targeted writes
// (votes.ts); `fence`: the version compare-and-set writes check (a vote moves it too). `authorId` never leaves the service.
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
  /** When an `approved` version becomes public (the release it waits for); absent otherwise. */
  releaseAt?: Date | null;
  pub: PublishedVersion | null;
  hidden: boolean;
  visible: boolean;
  voters: ReviewVoter[];
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
  history?: ReviewEvent[];
  demo?: boolean;
  reply?: ReviewReply | null;
  /** When its author erased their account and it was detached from them (a tombstone in `authorId`); absent otherwise. */
  detachedAt?: Date | null;
  /** Derived, written with every change (list-keys.ts). */
  keys?: ListKeys;
  flagged?: boolean;
}

/** The linked teacher's reply (reply.ts), checked at `publishAt`. `authorId` (his account) never leaves the service. */
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

export const withVisibility = (doc: ReviewDoc): ReviewDoc => ({ ...doc, visible: doc.pub !== null && !doc.hidden });

export const withEvent = (doc: Pick<ReviewDoc, 'history'>, event: ReviewEvent): ReviewEvent[] => [...(doc.history ?? []), event];

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
    voters: [],
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
 * The automatic validation of the latest version once due, if still pending (and still `version` when given). A version
 * that passes is `approved` until `releaseAt`, the next release time: it is public from then (released), not from now.
 */
export function validated(
  current: ReviewDoc,
  now: Date,
  releaseAt: Date,
  version?: number,
): { doc: ReviewDoc; outcome: ValidationOutcome } | null {
  if (current.status !== 'pending' || (version !== undefined && current.version !== version)) return null;
  if (new Date(current.publishAt).getTime() > now.getTime()) return null;
  const verdict = validateReviewText(current.text_rating ?? '');
  if (verdict.action === 'publish') return { doc: approved(current, releaseAt), outcome: 'published' };
  const outcome = verdict.action === 'hold' ? 'held' : 'rejected';
  const doc = withVisibility({
    ...current,
    status: outcome,
    reason: verdict.reason,
    reasonText: null,
    ...(outcome === 'held' ? { heldAt: now } : {}),
    history: withEvent(current, { kind: outcome === 'held' ? 'held' : 'removed', by: 'checks', at: now }),
  });
  return { doc, outcome };
}

/** Passed: public at `releaseAt` (its public version meanwhile stays the earlier one, if any). */
export function approved(current: ReviewDoc, releaseAt: Date): ReviewDoc {
  return { ...current, status: 'approved', reason: null, reasonText: null, releaseAt };
}

/** At its release time, an approved version becomes the public one, dated to the release (all of a release alike). Else null. */
export function released(current: ReviewDoc, now: Date): ReviewDoc | null {
  if (current.status !== 'approved' || !current.releaseAt || new Date(current.releaseAt).getTime() > now.getTime()) return null;
  return published(current, new Date(current.releaseAt));
}

export function published(current: ReviewDoc, now: Date): ReviewDoc {
  const { releaseAt: _done, ...rest } = current;
  return withVisibility({
    ...rest,
    status: 'published',
    reason: null,
    reasonText: null,
    firstPublishedAt: current.firstPublishedAt ?? current.pub?.publishedAt ?? now,
    pub: { ...contentOf(current), version: current.version, publishedAt: now },
  });
}

/**
 * When its author's latest version will be public, while it waits: the release it was given once validated, or the release
 * after its validation time (`releaseAfter`) while still pending. Null otherwise.
 */
export function publicAtOf(doc: Pick<ReviewDoc, 'status' | 'releaseAt' | 'publishAt'>, releaseAfter: (at: Date) => Date): Date | null {
  if (doc.status === 'approved' && doc.releaseAt) return new Date(doc.releaseAt);
  return doc.status === 'pending' ? releaseAfter(new Date(doc.publishAt)) : null;
}

/** The status of the latest version as its author sees it: held while reports hold it; pending until its release. */
export function authorStatus(review: Pick<ReviewDoc, 'status' | 'hidden'>): Exclude<ReviewStatus, 'approved'> {
  if (review.status === 'approved') return 'pending';
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
