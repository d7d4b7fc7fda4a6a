// The monthly freeze of the teachers' breakdowns by school level, on the database: workers freezing at once write each
// teacher's once (a compare-and-set on the month it replaces, decided by the write's filter), a later write of the figures
// leaves the frozen breakdown as it is, and the next month is frozen once again.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { IntervalClaims } from '../../app/data/interval-claims';
import { TeacherStatsStore } from '../../app/data/teacher-stats-store';
import { emptyStats } from '../../app/reading/teacher-stats';
import { GROUP_MIN_STEP } from '../../app/reading/year-groups';
import { ClassBreakdowns } from './class-breakdowns';

describe('ClassBreakdowns on the database', () => {
  const db = useTestDatabase(__filename);
  const stats = () => new TeacherStatsStore(db.conn.collection('teacher_stats') as never, db.conn.getClient() as never);
  /** A worker of its own (its own stores, as another process). */
  const worker = () => new ClassBreakdowns(stats(), new IntervalClaims(db.conn.collection('worker_timers') as never));
  const breakdownOf = async (id: number) => (await db.conn.collection('teacher_stats').findOne({ _id: id as never }))?.breakdown;
  const teachers = [1, 2, 3];

  beforeAll(async () => {
    await db.conn.collection('teacher_stats').insertMany(
      teachers.map((id) => ({
        ...emptyStats(),
        _id: id,
        groups: { college: { reviews: 10 * id, sum: 70 * id }, lycee: { reviews: id, sum: 5 * id } },
      })) as never,
    );
  });

  it("five workers freezing at once: every teacher's breakdown frozen for the month, counted once across them", async () => {
    const frozen = await Promise.all(Array.from({ length: 5 }, () => worker().freezeIfDue(new Date('2026-11-15T03:00:00Z'))));
    expect(frozen.reduce((a, b) => a + b, 0)).toBe(teachers.length);
    for (const id of teachers)
      expect(await breakdownOf(id)).toEqual({
        month: '202611',
        groups: {
          college: { reviews: 10 * id, sum: 70 * id },
          lycee: id >= GROUP_MIN_STEP ? { reviews: id, sum: 5 * id } : { reviews: 0, sum: 0 },
        },
      });
  });

  it('a compare-and-set on the month it replaces: of two at once, one lands; one on a month already replaced, none', async () => {
    const next = { month: '202612', groups: {} };
    const landed = await Promise.all([stats().freezeBreakdown(1, '202611', next), stats().freezeBreakdown(1, '202611', next)]);
    expect(landed.filter(Boolean)).toHaveLength(1);
    expect(await stats().freezeBreakdown(1, '202611', { month: '202701', groups: {} })).toBe(false);
    expect(await stats().freezeBreakdown(1, null, { month: '202701', groups: {} })).toBe(false);
    expect(await breakdownOf(1)).toEqual(next);
  });

  it('leaves a frozen breakdown as it is when the figures move, until the next month freezes it once again', async () => {
    await db.conn.collection('teacher_stats').updateOne({ _id: 2 as never }, { $inc: { 'groups.college.reviews': GROUP_MIN_STEP } });
    expect(await worker().freezeIfDue(new Date('2026-11-20T03:00:00Z'))).toBe(0); // done for November
    expect(await breakdownOf(2)).toMatchObject({ month: '202611', groups: { college: { reviews: 20 } } });
    const frozen = await Promise.all(Array.from({ length: 5 }, () => worker().freezeIfDue(new Date('2026-12-01T03:00:00Z'))));
    // Teacher 1's December breakdown is already there (the test before): teachers 2 and 3 only.
    expect(frozen.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await breakdownOf(2)).toMatchObject({ month: '202612', groups: { college: { reviews: 20 + GROUP_MIN_STEP } } });
  });
});
