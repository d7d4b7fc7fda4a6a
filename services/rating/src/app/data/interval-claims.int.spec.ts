// The workers' timers on the database: of processes ticking at once, exactly one takes an interval's
// work, and the next interval is free again, with nothing but the write's filter deciding.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { IntervalClaims } from './interval-claims';

describe('IntervalClaims', () => {
  const db = useTestDatabase(__filename);
  const claims = () => new IntervalClaims(db.conn.collection('worker_timers') as never);

  it('gives an interval to one of ten ticking at once, then the next interval to one again', async () => {
    const t0 = new Date('2026-11-28T10:00:00Z');
    const first = await Promise.all(Array.from({ length: 10 }, () => claims().claim('reconcile', t0, 30_000)));
    expect(first.filter(Boolean)).toHaveLength(1);
    const early = await claims().claim('reconcile', new Date(t0.getTime() + 29_999), 30_000);
    const later = new Date(t0.getTime() + 30_000);
    const next = await Promise.all(Array.from({ length: 10 }, () => claims().claim('reconcile', later, 30_000)));
    expect({ early, next: next.filter(Boolean).length }).toEqual({ early: false, next: 1 });
    // Another timer is its own.
    expect(await claims().claim('other', later, 30_000)).toBe(true);
  });
});
