import { OBJECTION_DECIDED_JOB, type ObjectionDecidedEvent, objectionDecidedJobId } from '@pupitre/contracts';
import { type EventJob } from '../data/event-outbox';
import { type ObjectionDoc } from '../data/objection-store';

/** The `objection-decided` job of a decided objection (auth mails the linked account in its language), or none. */
export function objectionNotices(doc: ObjectionDoc | null): EventJob[] {
  if (!doc || doc.state === 'open' || !doc.decidedAt) return [];
  const decidedAt = new Date(doc.decidedAt).toISOString();
  const data: ObjectionDecidedEvent = {
    teacherId: doc.teacherId,
    userId: doc.userId,
    outcome: doc.state,
    reason: doc.reason ?? 'other',
    reasonText: doc.reasonText ?? null,
    eraseAfter: doc.eraseAfter ? new Date(doc.eraseAfter).toISOString() : null,
    decidedAt,
  };
  return [{ name: OBJECTION_DECIDED_JOB, data, jobId: objectionDecidedJobId(doc.teacherId, decidedAt) }];
}
