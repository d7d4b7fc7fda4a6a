import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A change of a teacher's aggregates that takes effect at `at` (ms since the epoch). */
export interface UpcomingDelta {
  at: number;
  count: number;
  sum: number;
}

/**
 * A teacher with aggregates maintained from the published reviews (never recomputed per request):
 * `reviewCount` and `ratingSum` (the sum of their `tot_rating`).
 */
@Schema({ collection: 'teachers', versionKey: false, id: false, timestamps: true })
export class Teacher {
  @Prop({ type: Number, required: true, unique: true })
  id!: number;

  /** Title as shown: `M.`, `Mme`. */
  @Prop({ type: String, required: true })
  prefix!: string;

  @Prop({ type: String, required: true })
  name!: string;

  /** Accent- and case-free `prefix name` for search (FerretDB has no collation or text index). */
  @Prop({ type: String, required: true, index: true })
  searchKey!: string;

  @Prop({ type: [Number], default: [] })
  subjectIds!: number[];

  @Prop({ type: Number, default: 0, min: 0 })
  reviewCount!: number;

  @Prop({ type: Number, default: 0, min: 0 })
  ratingSum!: number;

  /**
   * Keys of the last aggregate changes applied (see reviews/ledger.ts): a change is applied with a
   * conditional update on this list, so applying it twice counts once. Bounded (oldest dropped).
   */
  @Prop({ type: [String], default: [] })
  ops!: string[];

  /**
   * Aggregate changes that take effect later (`at`, ms): reviews validated ahead of their publication
   * time. Readers add those whose time has come (`effectiveAggregates`); the next write of the
   * aggregates folds them into `reviewCount` and `ratingSum`.
   */
  @Prop({ type: [Object], default: [] })
  upcoming!: UpcomingDelta[];

  /** Left the school: kept for its reviews, out of the ranking. */
  @Prop({ type: Boolean, default: false })
  archived!: boolean;
}

export const TeacherSchema = SchemaFactory.createForClass(Teacher);
TeacherSchema.index({ archived: 1, reviewCount: -1 });
