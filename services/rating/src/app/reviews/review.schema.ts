import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const REVIEW_STATUSES = ['pending', 'published', 'held', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The graded criteria of a review, each an integer 0–10 (see the API contract). */
export const GRADE_NAMES = [
  'clarte',
  'interaction_soutien',
  'methodes',
  'justice',
  'ambiance',
  'gestion_temps',
  'amabilite',
  'gestion_colere',
  'charge_travail',
  'distraction',
  'difficulte',
] as const;
export type Grades = Record<(typeof GRADE_NAMES)[number], number>;

export const FLAG_NAMES = ['ponctuel', 'aide', 'greves', 'punitions'] as const;
export type Flags = Record<(typeof FLAG_NAMES)[number], boolean>;

/**
 * A review. Only `published` reviews count in the teacher's aggregates. `authorId` is the auth
 * service's user id (`seed` for demo data) and never leaves the service.
 */
@Schema({ collection: 'reviews', versionKey: false, id: false })
export class Review {
  @Prop({ type: Number, required: true, unique: true })
  id!: number;

  @Prop({ type: Number, required: true, index: true })
  teacherId!: number;

  @Prop({ type: Number, required: true })
  subjectId!: number;

  /** 0 Terminale … 6 Sixième. */
  @Prop({ type: Number, required: true, min: 0, max: 6 })
  year!: number;

  @Prop({ type: Number, required: true, min: 0, max: 10 })
  tot_rating!: number;

  @Prop({ type: Object, required: true })
  grades!: Grades;

  @Prop({ type: Object, required: true })
  flags!: Flags;

  @Prop({ type: String, default: '' })
  text_rating!: string;

  @Prop({ type: String, enum: REVIEW_STATUSES, required: true, index: true })
  status!: ReviewStatus;

  @Prop({ type: String, required: true, index: true })
  authorId!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date })
  publishedAt?: Date;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
