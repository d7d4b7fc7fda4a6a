import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type ModerationActionName } from '@pupitre/contracts';

/** A moderator's action (who, when, before, after) on a review, a reply, an objection or a teacher's account link. */
@Schema({ collection: 'moderation_actions', versionKey: false, id: false })
export class ModerationAction {
  @Prop({ type: String, default: 'review' })
  target!: 'review' | 'reply' | 'objection' | 'teacher';

  @Prop({ type: Number, default: null })
  reviewId!: number | null;

  @Prop({ type: Number, default: null })
  teacherId!: number | null;

  @Prop({ type: String, required: true })
  action!: ModerationActionName;

  @Prop({ type: String, default: null })
  reason!: string | null;

  /** The moderator's own words beside the reason. */
  @Prop({ type: String, default: null })
  text!: string | null;

  @Prop({ type: String, required: true })
  moderatorId!: string;

  @Prop({ type: Object, required: true })
  before!: Record<string, string | number | boolean | null>;

  @Prop({ type: Object, required: true })
  after!: Record<string, string | number | boolean | null>;

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ModerationActionSchema = SchemaFactory.createForClass(ModerationAction);
// A review's history, a teacher's history, and the latest actions, in order.
ModerationActionSchema.index({ reviewId: 1, at: 1 });
ModerationActionSchema.index({ teacherId: 1, at: 1 });
ModerationActionSchema.index({ at: -1 });

/**
 * A moderator's read of reviews others cannot see (held, pending: the moderation queue), which ones, when: issue #41.
 * Never their authors (the queue shows opaque author keys only, and none is stored here).
 */
@Schema({ collection: 'moderation_reads', versionKey: false, id: false })
export class ModerationRead {
  @Prop({ type: String, required: true })
  moderatorId!: string;

  /** What was read: `queue` (the moderation queue). */
  @Prop({ type: String, required: true })
  what!: 'queue';

  @Prop({ type: [Number], required: true })
  reviewIds!: number[];

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ModerationReadSchema = SchemaFactory.createForClass(ModerationRead);
// A moderator's reads in order; the retention sweep's cut by date.
ModerationReadSchema.index({ moderatorId: 1, at: -1 });
ModerationReadSchema.index({ at: 1 });

/** What the rating side knows of a user: the first time it saw them (the join date of /auth/me). */
@Schema({ collection: 'profiles', versionKey: false, id: false })
export class Profile {
  /** The user id itself: the first-seen record is read and upserted by `_id`, one lookup on the primary index. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, unique: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  firstSeenAt!: Date;
}
export const ProfileSchema = SchemaFactory.createForClass(Profile);
