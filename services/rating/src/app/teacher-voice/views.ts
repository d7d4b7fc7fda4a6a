import { type ObjectionView, type OwnReply } from '@pupitre/contracts';
import { type ObjectionDoc } from '../data/objection-store';
import { type ReviewReply } from '../reviews/review';

const iso = (d: Date | number | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

/** The teacher's (and moderators') view of a reply: text, status, reason and a moderator's words; never its author. */
export function ownReply(reply: Pick<ReviewReply, 'text' | 'status' | 'reason' | 'reasonText' | 'at'>): OwnReply {
  return {
    text: reply.text,
    status: reply.status,
    reason: reply.reason ?? null,
    reason_text: reply.reasonText ?? null,
    created_at: new Date(reply.at).toISOString(),
  };
}

export function objectionView(doc: ObjectionDoc, teacher: { id: number; prefix: string; name: string } | undefined): ObjectionView {
  return {
    teacher: { id: doc.teacherId, prefix: teacher?.prefix ?? '', name: teacher?.name ?? '' },
    state: doc.state,
    reasons: doc.reasons,
    created_at: new Date(doc.at).toISOString(),
    decided_at: iso(doc.decidedAt),
    reason: doc.reason ?? null,
    reason_text: doc.reasonText ?? null,
    erase_after: iso(doc.eraseAfter),
  };
}
