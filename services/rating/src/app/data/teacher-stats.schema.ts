import { Schema } from 'mongoose';

/**
 * `teacher_stats` (one document per teacher, written by TeacherStatsStore through the driver): only its index is declared
 * here. `changedAt` is stamped by every write (`$currentDate`): each process asks what changed since its last look
 * (data/figures-feed.ts), an index probe that finds nothing when nothing changed.
 */
export const TeacherStatsSchema = new Schema(
  { _id: Number, changedAt: Date },
  { collection: 'teacher_stats', strict: false, versionKey: false },
);
TeacherStatsSchema.index({ changedAt: 1 });
