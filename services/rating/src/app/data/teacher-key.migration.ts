import { type Connection } from 'mongoose';
import { TEACHER_KEY } from '../teachers/teacher.schema';

export const TEACHER_KEY_MIGRATION = 'teacher-key-v1';

/**
 * Gives teachers their unique key (title, name, twin; teachers/teacher.schema.ts). Namesakes added before it (a check-then-act
 * let two imports both add one) are all kept, with their reviews: the one with the lowest id keeps twin 0, each other gets his
 * own id as twin, and is logged for an administrator to archive or rename. Can run again after a crash (and after a namesake
 * added meanwhile by a previous release made the index build fail); marked done last.
 */
export async function migrateToTeacherKey(connection: Connection, log: (msg: string, data?: object) => void = () => undefined) {
  const migrations = connection.collection<{ _id: string; at: Date; twins: number }>('migrations');
  if (await migrations.findOne({ _id: TEACHER_KEY_MIGRATION })) return;
  const teachers = connection.collection<{ id: number; prefix: string; name: string; twin?: number | null }>('teachers');
  // Teachers without their twin (all of them before the key; one a previous release added meanwhile) are grouped with those
  // that have 0: in a group of namesakes, each but the first is given his own id, then the first 0 where he had none.
  const groups = await teachers
    .aggregate<{ ids: number[] }>([
      { $match: { twin: { $in: [0, null] } } },
      { $group: { _id: { prefix: '$prefix', name: '$name' }, ids: { $push: '$id' }, n: { $sum: 1 } } },
      { $match: { n: { $gt: 1 } } },
    ])
    .toArray();
  let twins = 0;
  for (const { ids } of groups) {
    const [kept, ...others] = [...ids].sort((a, b) => a - b);
    for (const id of others) await teachers.updateOne({ id }, { $set: { twin: id } });
    twins += others.length;
    log('namesake teachers kept apart: archive or rename them', { kept, twins: others });
  }
  await teachers.updateMany({ twin: null }, { $set: { twin: 0 } });
  await teachers.createIndex(TEACHER_KEY, { unique: true });
  await migrations.updateOne({ _id: TEACHER_KEY_MIGRATION }, { $set: { at: new Date(), twins } }, { upsert: true });
  log('teachers have their unique key', { twins });
}
