import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A moderator's invitation of a teacher (`teacher_invitations`): whoever signs in with `email` and
 * opens the e-mailed link within TEACHER_INVITATION_TTL links that account to teacher record
 * `teacherId`. Only the SHA-256 of the link's token is stored; single use. The rating side never
 * sees the address: it sent it in a job (`teacher-invited`).
 */
@Schema({ collection: 'teacher_invitations', versionKey: false })
export class TeacherInvitation {
  /** SHA-256 (base64url) of the token. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  email!: string;

  @Prop({ type: Number, required: true })
  teacherId!: number;

  /** The moderator's user id. */
  @Prop({ type: String, required: true })
  invitedBy!: string;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const TeacherInvitationSchema = SchemaFactory.createForClass(TeacherInvitation);
