import {
  detachedReviewExpired,
  detachedReviewFilter,
  expiredReportFilter,
  expiredReports,
  reportExpired,
  retentionCutoffs,
} from './retention-cutoffs';

const DAY = 86_400_000;
const now = new Date('2027-06-15T12:00:00Z');
const periods = {
  RETENTION_REPORTS: 400 * DAY,
  RETENTION_MODERATION_RECORDS: 1095 * DAY,
  RETENTION_MODERATION_READS: 365 * DAY,
  RETENTION_DETACHED_REVIEWS: 180 * DAY,
};
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('retention cut-offs', () => {
  it('puts each cut-off its period before now', () => {
    expect(retentionCutoffs(now, periods)).toEqual({
      reports: daysAgo(400),
      moderation_actions: daysAgo(1095),
      moderation_reads: daysAgo(365),
      detached_reviews: daysAgo(180),
    });
  });

  it('expires a decided report at its period after the decision, never an open one', () => {
    const cut = daysAgo(400);
    expect(reportExpired({ outcome: 'kept', decidedAt: daysAgo(400) }, cut)).toBe(true); // exactly the period: gone
    expect(reportExpired({ outcome: 'removed', decidedAt: daysAgo(401) }, cut)).toBe(true);
    expect(reportExpired({ outcome: 'kept', decidedAt: new Date(daysAgo(400).getTime() + 1) }, cut)).toBe(false);
    expect(reportExpired({ outcome: 'open', decidedAt: null }, cut)).toBe(false);
    expect(reportExpired({ outcome: 'open', decidedAt: daysAgo(900) }, cut)).toBe(false); // open: kept until decided
    const reports = [
      { userId: 'a', outcome: 'kept' as const, decidedAt: daysAgo(500) },
      { userId: 'b', outcome: 'open' as const, decidedAt: null },
      { userId: 'c', outcome: 'removed' as const, decidedAt: daysAgo(10) },
    ];
    expect(expiredReports(reports, cut).map((r) => r.userId)).toEqual(['a']);
    expect(expiredReports(undefined, cut)).toEqual([]);
    expect(expiredReportFilter(cut)).toEqual({ outcome: { $ne: 'open' }, decidedAt: { $lte: cut } });
  });

  it('expires a detached review only when not public, detached and unchanged for the period', () => {
    const cut = daysAgo(180);
    const old = { visible: false, detachedAt: daysAgo(200), updatedAt: daysAgo(190) };
    expect(detachedReviewExpired(old, cut)).toBe(true);
    expect(detachedReviewExpired({ ...old, visible: true }, cut)).toBe(false); // public: stays (anonymous content)
    expect(detachedReviewExpired({ ...old, detachedAt: undefined }, cut)).toBe(false); // its author's still
    expect(detachedReviewExpired({ ...old, detachedAt: null }, cut)).toBe(false);
    expect(detachedReviewExpired({ ...old, detachedAt: daysAgo(179) }, cut)).toBe(false); // detached too recently
    // Hidden by reports (or removed) yesterday: the period counts from then, a moderator decides meanwhile.
    expect(detachedReviewExpired({ ...old, updatedAt: daysAgo(1) }, cut)).toBe(false);
    expect(detachedReviewFilter(cut)).toEqual({ visible: false, detachedAt: { $exists: true, $lte: cut }, updatedAt: { $lte: cut } });
  });
});
