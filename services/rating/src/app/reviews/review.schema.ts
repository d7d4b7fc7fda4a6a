import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';

export const REVIEW_STATUSES = ['pending', 'published', 'held', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The graded criteria a review was given, each an integer 0–10 (either reading of the spec: a
 * criterion it lacks is absent, and counts in no average).
 */
export type Grades = ReviewGrades;
/** The yes/no answers a review was given (`justice` and `distraction` here in the first reading). */
export type Flags = ReviewAnswers;

/** The content of one version of a review. */
export interface ReviewContent {
  teacherId: number;
  subjectId: number;
  year: number;
  tot_rating: number;
  grades: Grades;
  flags: Flags;
  text_rating: string;
}

/** The version the public sees (the previous one stays here while an edit is validated). */
export interface PublishedVersion extends ReviewContent {
  version: number;
  publishedAt: Date;
}

/**
 * What this review adds to a teacher's maintained aggregates (null: nothing), from `at` (ms, its
 * `pub.publishedAt`) on: a version validated ahead of its publication time counts from that instant
 * (see docs/decisions/0005-publication-ahead-of-time.md). Older documents have no `at` (counting).
 */
export interface Counted {
  teacherId: number;
  tot: number;
  at?: number;
}

/** An aggregate change decided with a transition and not yet applied to the teachers (see ledger.ts). */
export interface AggregateOp {
  key: string;
  from: Counted | null;
  to: Counted | null;
}

/**
 * A review. Top-level content fields are the LATEST submitted version (what the author edits; its
 * `status` is the verdict on that version); `pub` is the version the public sees. `visible` =
 * published and not hidden by reports: only visible reviews count in the teacher's aggregates
 * (`counted`). `authorId` is the auth service's opaque user id (a random tombstone once the user is
 * erased) and never leaves the service.
 */
@Schema({ collection: 'reviews', versionKey: false, id: false })
export class Review implements ReviewContent {
  @Prop({ type: Number, required: true, unique: true })
  id!: number;

  @Prop({ type: String, required: true })
  authorId!: string;

  @Prop({ type: Number, required: true })
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

  /** Version number of the latest submitted content (1 on creation, +1 per edit). */
  @Prop({ type: Number, required: true, default: 1 })
  version!: number;

  @Prop({ type: String, enum: REVIEW_STATUSES, required: true })
  status!: ReviewStatus;

  /** Reason key of a hold or rejection (the author sees it). */
  @Prop({ type: String, default: null })
  reason!: string | null;

  /** When the latest version is due for validation and publication. */
  @Prop({ type: Date, required: true })
  publishAt!: Date;

  @Prop({ type: Object, default: null })
  pub!: PublishedVersion | null;

  /** `pub.teacherId` and `pub.tot_rating` at the top level: FerretDB filters and sorts on nested fields by scanning. */
  @Prop({ type: Number, default: null })
  pubTeacherId!: number | null;

  @Prop({ type: Number, default: null })
  pubTot!: number | null;

  @Prop({ type: Boolean, required: true, default: false })
  visible!: boolean;

  /** Hidden by reports (or a moderator) until a moderator decides. */
  @Prop({ type: Boolean, default: false })
  hidden!: boolean;

  /** Distinct reports since the last moderator decision. */
  @Prop({ type: Number, default: 0 })
  reportCount!: number;

  /** The sum of their weights (report-weight.ts): at REPORT_HIDE_THRESHOLD the review is held. */
  @Prop({ type: Number, default: 0 })
  reportWeight!: number;

  /** Relatable votes: `relUp` of `relTotal` said "relatable"; `wilson` orders the relevant category. */
  @Prop({ type: Number, default: 0 })
  relUp!: number;

  @Prop({ type: Number, default: 0 })
  relTotal!: number;

  @Prop({ type: Number, default: 0 })
  wilson!: number;

  @Prop({ type: Object, default: null })
  counted!: Counted | null;

  /** Set only while an aggregate change is not yet applied to the teachers. */
  @Prop({ type: Object })
  aggPending?: AggregateOp;

  /** Optimistic concurrency counter of transitions (status, visibility, published content). */
  @Prop({ type: Number, default: 0 })
  rev!: number;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date })
  updatedAt?: Date;

  /** Demo data (the seed), for idempotent re-seeding. */
  @Prop({ type: Boolean })
  demo?: boolean;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
// One review per user, teacher, subject and year (409 duplicate-review).
ReviewSchema.index({ authorId: 1, teacherId: 1, subjectId: 1, year: 1 }, { unique: true });
ReviewSchema.index({ visible: 1, createdAt: -1 });
ReviewSchema.index({ visible: 1, pubTot: -1 });
ReviewSchema.index({ visible: 1, wilson: -1 });
ReviewSchema.index({ pubTeacherId: 1, visible: 1 });
ReviewSchema.index({ status: 1, publishAt: 1 });
ReviewSchema.index({ 'aggPending.key': 1 });
ReviewSchema.index({ hidden: 1 });
