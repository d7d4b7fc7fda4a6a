import { type Connection } from 'mongoose';
import { SCAN_BATCH } from './review-store';
import { TeacherStatsStore } from './teacher-stats-store';

export const CLASS_GROUPS_MIGRATION = 'class-groups-v1';

/**
 * Every teacher's figures computed again from the reviews with the fixed school-level groups (reading/year-groups.ts) in
 * place of the per-month, per-year counts they had: those counts grew every month, and what the page made of them moved
 * whenever an older review changed. The worker freezes the month's breakdowns from them at its next pass. Once; can run
 * again after a crash, marked done last.
 */
export async function migrateToClassGroups(connection: Connection, log: (msg: string, data?: object) => void = () => undefined) {
  const migrations = connection.collection<{ _id: string; at: Date; teachers: number }>('migrations');
  if (await migrations.findOne({ _id: CLASS_GROUPS_MIGRATION })) return;
  log("computing every teacher's figures by school level…");
  const stats = new TeacherStatsStore(connection.collection('teacher_stats') as never, connection.getClient() as never);
  const teachers = await stats.rebuild(connection.collection('reviews').find({}, { batchSize: SCAN_BATCH }) as never);
  await migrations.updateOne({ _id: CLASS_GROUPS_MIGRATION }, { $set: { at: new Date(), teachers } }, { upsert: true });
  log("teachers' figures by school level", { teachers });
}
