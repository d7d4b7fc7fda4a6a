import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A relatable vote: one per user per review (`value` true = relatable). */
@Schema({ collection: 'votes', versionKey: false, id: false })
export class Vote {
  /** `<reviewId>:<userId>` (keys.ts pairKey): one per user per review, found by `_id`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  reviewId!: number;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: Boolean, required: true })
  value!: boolean;

  /** When the vote was last cast (every field is `$set`: the write does not rely on `$setOnInsert`). */
  @Prop({ type: Date, required: true })
  at!: Date;
}
export const VoteSchema = SchemaFactory.createForClass(Vote);
VoteSchema.index({ reviewId: 1, userId: 1 }, { unique: true });
VoteSchema.index({ userId: 1 });

/** A favourite review of a user. */
@Schema({ collection: 'favorites', versionKey: false, id: false })
export class Favorite {
  /** `<reviewId>:<userId>` (keys.ts pairKey): one per user per review, found by `_id`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  reviewId!: number;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const FavoriteSchema = SchemaFactory.createForClass(Favorite);
FavoriteSchema.index({ reviewId: 1, userId: 1 }, { unique: true });
FavoriteSchema.index({ userId: 1, createdAt: -1 });

/** A report: one per user per review; `dismissed` once a moderator decided on the review. */
@Schema({ collection: 'reports', versionKey: false, id: false })
export class Report {
  /** `<reviewId>:<userId>` (keys.ts pairKey): one per user per review, found by `_id`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  reviewId!: number;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true, maxlength: 512 })
  content!: string;

  /** What the report weighs towards holding the review before a moderator decides (report-weight.ts). */
  @Prop({ type: Number, default: 1 })
  weight!: number;

  /** True once a moderator decided on the review (the report is closed). */
  @Prop({ type: Boolean, default: false })
  dismissed!: boolean;

  /** The decision the reporter is told: open until a moderator decides, then kept or removed. */
  @Prop({ type: String, enum: ['open', 'kept', 'removed'], default: 'open' })
  outcome!: 'open' | 'kept' | 'removed';

  /** The moderator's statement of reasons (a reason key, or their note). */
  @Prop({ type: String, default: null })
  reason!: string | null;

  @Prop({ type: Date, default: null })
  decidedAt!: Date | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const ReportSchema = SchemaFactory.createForClass(Report);
ReportSchema.index({ reviewId: 1, userId: 1 }, { unique: true });
ReportSchema.index({ userId: 1 });

/** A moderator's decision, recorded for every action. */
@Schema({ collection: 'moderation_actions', versionKey: false, id: false })
export class ModerationAction {
  @Prop({ type: Number, required: true, index: true })
  reviewId!: number;

  @Prop({ type: String, required: true })
  action!: 'approve' | 'reject' | 'restore';

  @Prop({ type: String, default: null })
  reason!: string | null;

  @Prop({ type: String, required: true })
  moderatorId!: string;

  @Prop({ type: Object, required: true })
  before!: { status: string; hidden: boolean; visible: boolean };

  @Prop({ type: Object, required: true })
  after!: { status: string; hidden: boolean; visible: boolean };

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ModerationActionSchema = SchemaFactory.createForClass(ModerationAction);

/** What the rating side knows of a user: the first time it saw them (the join date of /auth/me). */
@Schema({ collection: 'profiles', versionKey: false, id: false })
export class Profile {
  /** The user id itself: the first-seen record is found by `_id` (FerretDB pushes nothing else down). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, unique: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  firstSeenAt!: Date;
}
export const ProfileSchema = SchemaFactory.createForClass(Profile);
