import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The unique key of a teacher (`twin` keeps namesakes that existed before it apart). */
export const TEACHER_KEY = { prefix: 1, name: 1, twin: 1 } as const;

/** A teacher of the catalogue. His figures (review count, ratings) are kept in `teacher_stats` (reading/teacher-stats.ts). */
@Schema({ collection: 'teachers', versionKey: false, id: false, timestamps: true })
export class Teacher {
  @Prop({ type: Number, required: true, unique: true })
  id!: number;

  /** Title as shown: `M.`, `Mme`. */
  @Prop({ type: String, required: true })
  prefix!: string;

  @Prop({ type: String, required: true })
  name!: string;

  /** Accent- and case-free `prefix name` for search (the local database ignores collation unless told). */
  @Prop({ type: String, required: true })
  searchKey!: string;

  @Prop({ type: [Number], default: [] })
  subjectIds!: number[];

  /** Left the school: kept for its reviews, out of the ranking. */
  @Prop({ type: Boolean, default: false })
  archived!: boolean;

  /** An accepted objection: in no public answer since, erased after `eraseAfter` by the `erase-delisted` job. */
  @Prop({ type: Date, default: null })
  delistedAt!: Date | null;

  @Prop({ type: Date, default: null })
  eraseAfter!: Date | null;

  /** 0; a teacher who already had a namesake when the unique key came (data/teacher-key.migration.ts): his own id. */
  @Prop({ type: Number, default: 0 })
  twin!: number;
}

export const TeacherSchema = SchemaFactory.createForClass(Teacher);
// One teacher per title and name: adding a namesake answers 409 (catalogue-store.ts).
TeacherSchema.index(TEACHER_KEY, { unique: true });
// The delisted teachers whose retention period is over (the erasure job).
TeacherSchema.index({ eraseAfter: 1 });
