import { type ReviewDoc, type ReviewReport, withEvent, withVisibility } from './review';

function openTotals(reports: ReviewReport[]): { reportCount: number; reportWeight: number } {
  const open = reports.filter((r) => r.outcome === 'open');
  return { reportCount: open.length, reportWeight: Math.round(open.reduce((sum, r) => sum + r.weight, 0) * 100) / 100 };
}

// `userId` reports the review (`weight`: report-weight.ts); at `threshold` of open weight it is held
// (not visible) until a moderator decides. Null when this user already reported it.
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
  const totals = openTotals(reports);
  const hidden = current.hidden || totals.reportWeight >= threshold;
  const held =
    hidden && !current.hidden
      ? { heldAt: current.heldAt ?? now, history: withEvent(current, { kind: 'held', by: 'reports', at: now }) }
      : {};
  return withVisibility({ ...current, reports, ...totals, hidden, ...held });
}

/**
 * The date a review detached at `now` keeps: the start of the next month (UTC), never the instant. The reviews of one erased
 * user are detached together: an exact date would tie them to each other for as long as they are kept, a month's end ties
 * them only to every review detached that month. Its retention period counts from there (never shortened by the rounding).
 */
export const detachmentDate = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/**
 * An erased user's traces on a review: their reports go; if they wrote it, or its reply, it stays, detached from them. A review
 * detached from its author is dated (`detachedAt`: detachmentDate): one that is not public is deleted RETENTION_DETACHED_REVIEWS
 * later (worker/retention). (Their vote goes by its own targeted write: data/review-votes.ts.)
 */
export function withoutUser(current: ReviewDoc, userId: string, tombstone: string, now: Date): ReviewDoc | null {
  const reports = current.reports.filter((r) => r.userId !== userId);
  const detached = current.authorId === userId;
  const authorId = detached ? tombstone : current.authorId;
  const reply = current.reply?.authorId === userId ? { ...current.reply, authorId: tombstone } : current.reply;
  const changed = reports.length !== current.reports.length || authorId !== current.authorId || reply !== current.reply;
  if (!changed) return null;
  return {
    ...current,
    reports,
    ...openTotals(reports),
    authorId,
    ...(detached ? { detachedAt: detachmentDate(now) } : {}),
    ...(reply !== undefined ? { reply } : {}),
  };
}
