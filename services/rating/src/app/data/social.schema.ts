import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A moderator's decision, recorded for every action. */
@Schema({ collection: 'moderation_actions', versionKey: false, id: false })
export class ModerationAction {
  @Prop({ type: Number, required: true })
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
// A review's history, in order.
ModerationActionSchema.index({ reviewId: 1, at: 1 });

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
