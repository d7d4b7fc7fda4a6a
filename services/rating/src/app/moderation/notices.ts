import { KEPT_DEFAULT_REASON, REPORT_DECIDED_JOB, reportDecidedJobId, type ReportDecidedEvent } from '@pupitre/contracts';
import { type EventJob } from '../data/event-outbox';
import { type ReviewDoc, type ReviewReport } from '../reviews/review';

export interface NoticeTeacher {
  id: number;
  prefix: string;
  name: string;
}

/** `report-decided` jobs for decided reports whose reporters asked (`only`: these; default all: auth de-duplicates). */
export function reportNotices(doc: ReviewDoc, teacher: NoticeTeacher | null, only: ReviewReport[] = doc.reports): EventJob[] {
  return only
    .filter((r) => r.notify && r.outcome !== 'open' && r.decidedAt)
    .map((r) => {
      const data: ReportDecidedEvent = {
        reviewId: doc.id,
        reporterId: r.userId,
        outcome: r.outcome === 'removed' ? 'removed' : 'kept',
        reason: r.reason ?? KEPT_DEFAULT_REASON,
        reasonText: r.reasonText ?? null,
        teacher,
        reportedAt: new Date(r.at).toISOString(),
        decidedAt: new Date(r.decidedAt!).toISOString(),
      };
      return { name: REPORT_DECIDED_JOB, data, jobId: reportDecidedJobId(doc.id, r.userId) };
    });
}
