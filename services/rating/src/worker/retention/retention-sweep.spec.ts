import { MetricsRegistry } from '@pupitre/server-kit';
import { RETENTION_PAGE, RetentionSweep } from './retention-sweep';

const DAY = 86_400_000;
const config = {
  RETENTION_INTERVAL: 3_600_000,
  RETENTION_REPORTS: 400 * DAY,
  RETENTION_MODERATION_RECORDS: 1095 * DAY,
  RETENTION_MODERATION_READS: 365 * DAY,
  RETENTION_DETACHED_REVIEWS: 180 * DAY,
};

// The sweep's kinds are independent (a failing one stops none of the others), and each loops in bounded pages.
describe('RetentionSweep, its stores faked', () => {
  const make = (moderation: object) => {
    const calls: string[] = [];
    const sweep = new RetentionSweep(
      {
        withReportsDecidedBefore: async () => (calls.push('reports'), []),
        pullReports: async () => undefined,
        someIds: async () => (calls.push('detached'), []),
      } as never,
      { forgetReports: async () => undefined } as never,
      {} as never,
      moderation as never,
      { claim: async () => true } as never,
      config as never,
      new MetricsRegistry('rating-worker'),
    );
    return { sweep, calls };
  };

  it('runs every other kind when one throws, then throws itself, having counted what the others removed', async () => {
    let reads = 2 * RETENTION_PAGE + 3;
    const { sweep, calls } = make({
      removeActionsBefore: async () => {
        throw new Error('database away');
      },
      // Pages of RETENTION_PAGE until a short one: three reads of the store for 2 pages and 3.
      removeReadsBefore: async (_cut: Date, limit: number) => {
        calls.push('reads');
        const n = Math.min(limit, reads);
        reads -= n;
        return n;
      },
    });
    await expect(sweep.sweep(new Date('2027-06-15T00:00:00Z'))).rejects.toThrow(/retention sweep: moderation_actions: database away/);
    expect(calls).toEqual(['reports', 'reads', 'reads', 'reads', 'detached']);
    expect(reads).toBe(0);
  });

  it('stops after its current page at shutdown', async () => {
    let pages = 0;
    const { sweep } = make({
      removeActionsBefore: async () => 0,
      removeReadsBefore: async (_cut: Date, limit: number) => {
        if (++pages === 2) sweep.stop();
        return limit; // a full page each time: only the stop ends it
      },
    });
    expect(await sweep.sweep(new Date())).toMatchObject({ moderation_reads: 2 * RETENTION_PAGE });
    expect(pages).toBe(2);
  });
});
