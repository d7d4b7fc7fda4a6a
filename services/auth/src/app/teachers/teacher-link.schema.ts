import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Which account holds a teacher record (`teacher_links`): one document per teacher, keyed by the
 * record's id, written before the account gets `teacherId`. The unique `_id` decides a race (a
 * unique index on `users.teacherId` would also refuse the many accounts without one, whose
 * `teacherId` is null): of two accounts accepting invitations for the same teacher at once, one is
 * linked and the other gets 409. Deleted with the account.
 */
@Schema({ collection: 'teacher_links', versionKey: false })
export class TeacherLink {
  /** The teacher record's id. */
  @Prop({ type: Number, required: true })
  _id!: number;

  @Prop({ type: String, required: true, index: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  linkedAt!: Date;
}

export const TeacherLinkSchema = SchemaFactory.createForClass(TeacherLink);
