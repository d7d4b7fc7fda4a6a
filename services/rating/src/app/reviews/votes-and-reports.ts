import { type ReviewDoc, type ReviewReport, withEvent, withVisibility } from './review';

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

/** An erased user's traces on a review: their vote and reports go; if they wrote it, or its reply, it stays, detached from them. */
export function withoutUser(current: ReviewDoc, userId: string, tombstone: string): ReviewDoc | null {
  const unvoted = voted(current, userId, null) ?? current;
  const reports = unvoted.reports.filter((r) => r.userId !== userId);
  const authorId = current.authorId === userId ? tombstone : current.authorId;
  const reply = current.reply?.authorId === userId ? { ...current.reply, authorId: tombstone } : current.reply;
  const changed =
    unvoted !== current || reports.length !== current.reports.length || authorId !== current.authorId || reply !== current.reply;
  return changed ? { ...unvoted, reports, ...openTotals(reports), authorId, ...(reply !== undefined ? { reply } : {}) } : null;
}
