import { Inject, Injectable, Logger } from '@nestjs/common';
import { IntervalClaims } from '../../app/data/interval-claims';
import { TeacherStatsStore } from '../../app/data/teacher-stats-store';
import { monthKey, rolledOver } from '../../app/reading/year-groups';

const WORK = 'class-breakdowns';

/**
 * Freezes every teacher's breakdown by school level for the new month, once, at the first reconciler pass of the month
 * (reading/year-groups.ts): from then until the next month, nothing a write does moves what the teacher page shows of it.
 * Each teacher's is a compare-and-set on the month it replaces, so workers doing it at once write it once.
 */
@Injectable()
export class ClassBreakdowns {
  private readonly logger = new Logger('ClassBreakdowns');

  constructor(
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
    @Inject(IntervalClaims) private readonly claims: IntervalClaims,
  ) {}

  /** The month's breakdowns, if not frozen yet: how many teachers' were. */
  async freezeIfDue(now = new Date()): Promise<number> {
    const month = monthKey(now.getTime());
    const last = await this.claims.lastDone(WORK);
    if (last !== null && last >= month) return 0; // done (months only go forward: YYYYMM in order)
    let frozen = 0;
    for (const [teacherId, stats] of await this.stats.all()) {
      if (stats.breakdown && stats.breakdown.month >= month) continue;
      if (await this.stats.freezeBreakdown(teacherId, stats.breakdown?.month ?? null, rolledOver(stats.breakdown, stats.groups, month)))
        frozen++;
    }
    await this.claims.markDone(WORK, month);
    this.logger.log({ msg: 'class breakdowns frozen for the month', month, teachers: frozen });
    return frozen;
  }
}
