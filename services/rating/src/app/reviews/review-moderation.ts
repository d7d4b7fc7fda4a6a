import { KEPT_DEFAULT_REASON, LEGACY_MODERATOR_REASON } from '@pupitre/contracts';
import {
  approved,
  type Decision,
  published,
  type ReportOutcome,
  type ReviewDoc,
  type ReviewReport,
  withEvent,
  withVisibility,
} from './review';

export type ModerationAction = 'approve' | 'reject' | 'restore';

// approve: public (a version the checks held: at the next release, `releaseAt`, as any version that passes), reports closed as
// kept; reject: off the public pages, reports closed as removed; restore: a rejected review public again. Null when the action
// does not apply.
export function moderated(current: ReviewDoc, action: ModerationAction, decision: Decision, now: Date, releaseAt: Date): ReviewDoc | null {
  const open = current.reports.some((r) => r.outcome === 'open');
  // A decision on a review the checks held records how long it waited (reports count their own wait).
  const decided = (doc: ReviewDoc): ReviewDoc => {
    const waitedMs = current.heldAt ? now.getTime() - new Date(current.heldAt).getTime() : 0;
    const history =
      current.status === 'held' && current.heldAt ? withEvent(doc, { kind: 'decided', by: 'moderator', at: now, waitedMs }) : doc.history;
    return { ...doc, heldAt: null, history };
  };
  if (action === 'approve') {
    if (current.status !== 'held' && !current.hidden && !open) return null;
    const base = current.status === 'held' ? approved(current, releaseAt) : current;
    const kept = decided(withVisibility({ ...base, hidden: false }));
    return closeReports(kept, 'kept', decision.reason ?? KEPT_DEFAULT_REASON, decision.text, now);
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
      history: withEvent(current, { kind: 'removed', by: 'moderator', at: now }),
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
