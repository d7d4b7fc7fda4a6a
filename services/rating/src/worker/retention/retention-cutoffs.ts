import { type ReviewDoc, type ReviewReport } from '../../app/reviews/review';

// The retention periods as pure functions of `now` (docs/security/retention.md): each kind of record is deleted once its
// date is at or before its cut-off, `now` minus its period. The sweep (retention-sweep.ts) asks the database for exactly
// what these say, by indexed filters; these functions are the same rules on one document, for the tests and the re-checks.

export interface RetentionPeriods {
  RETENTION_REPORTS: number;
  RETENTION_MODERATION_RECORDS: number;
  RETENTION_MODERATION_READS: number;
  RETENTION_DETACHED_REVIEWS: number;
}

/** What the sweep removes, by the label of `rating_retention_removed_total{what}`. */
export const RETENTION_KINDS = ['reports', 'moderation_actions', 'moderation_reads', 'detached_reviews'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export type RetentionCutoffs = Record<RetentionKind, Date>;

/** The cut-off of each kind at `now`: a record dated at or before it is past its period. */
export function retentionCutoffs(now: Date, periods: RetentionPeriods): RetentionCutoffs {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    reports: before(periods.RETENTION_REPORTS),
    moderation_actions: before(periods.RETENTION_MODERATION_RECORDS),
    moderation_reads: before(periods.RETENTION_MODERATION_READS),
    detached_reviews: before(periods.RETENTION_DETACHED_REVIEWS),
  };
}

const atOrBefore = (date: Date | string | null | undefined, cut: Date): boolean =>
  date !== null && date !== undefined && new Date(date).getTime() <= cut.getTime();

/** A report past its period: decided (an open one has no `decidedAt`, and is kept until decided) at or before `cut`. */
export const reportExpired = (report: Pick<ReviewReport, 'outcome' | 'decidedAt'>, cut: Date): boolean =>
  report.outcome !== 'open' && atOrBefore(report.decidedAt, cut);

/** The reports of a review past their period (their reporters' links go with them). */
export const expiredReports = <R extends Pick<ReviewReport, 'outcome' | 'decidedAt'>>(reports: readonly R[] | undefined, cut: Date): R[] =>
  (reports ?? []).filter((r) => reportExpired(r, cut));

/** The database's filter of the reports `reportExpired` selects (in a `$pull`; the reviews holding one: `reports.decidedAt`). */
export const expiredReportFilter = (cut: Date) => ({ outcome: { $ne: 'open' }, decidedAt: { $lte: cut } });

export type DetachedFields = Pick<ReviewDoc, 'visible' | 'updatedAt'> & { detachedAt?: Date | null };

/**
 * A detached review past its period: not public, detached (its author erased their account) and unchanged since at or before
 * `cut`. Unchanged too: a detached public review that reports hid, or a moderator removed, yesterday is kept the period
 * from then, so that reporting an old review does not delete it before a moderator decides. A public one always stays.
 */
export const detachedReviewExpired = (doc: DetachedFields, cut: Date): boolean =>
  doc.visible === false && atOrBefore(doc.detachedAt, cut) && atOrBefore(doc.updatedAt, cut);

/** The database's filter of the reviews `detachedReviewExpired` selects: served by the partial index on detached reviews. */
export const detachedReviewFilter = (cut: Date) => ({
  visible: false,
  // `$exists` as the partial index's own filter says it: DocumentDB uses a partial index only for a query that repeats it.
  detachedAt: { $exists: true, $lte: cut },
  updatedAt: { $lte: cut },
});
