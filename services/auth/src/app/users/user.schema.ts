import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type Language, type Role } from '@pupitre/contracts';
import { type HydratedDocument } from 'mongoose';

/** An account (database pupitre_auth, collection users). */
@Schema({ collection: 'users', versionKey: false })
export class User {
  /** Trimmed and lower-cased; unique. */
  @Prop({ type: String, required: true, unique: true })
  email!: string;

  /** PHC string (`$scrypt$ln=..,r=..,p=..$salt$hash`); null for accounts created by Google sign-in. */
  @Prop({ type: String, default: null })
  password!: string | null;

  @Prop({ type: Boolean, required: true, default: false })
  isActive!: boolean;

  @Prop({ type: String, enum: ['fr', 'es', 'en'], default: 'fr' })
  lang!: Language;

  @Prop({ type: [String], default: ['user'] })
  roles!: Role[];

  /** The teacher record this account is linked to (with the `teacher` role), or null. */
  @Prop({ type: Number, default: null })
  teacherId!: number | null;

  /** Google's `sub` once the account signed in with Google. */
  @Prop({ type: String, default: null, index: true })
  googleSub!: string | null;

  /** Bumped on every password change: e-mailed links and refresh tokens issued before die. */
  @Prop({ type: Number, default: 0 })
  credentialsVersion!: number;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  lastLogin!: Date | null;

  /** Keys of the devices (sessions/device-description.ts) it signed in from, the last 20: a sign-in from another is told by e-mail. */
  @Prop({ type: [String], default: undefined })
  knownDevices?: string[];
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
// The account linked to a teacher record (one per teacher: an invitation accepted twice is a 409).
UserSchema.index({ teacherId: 1 });

/** `uid` in e-mailed links: URL-safe base64 of the user id, without padding (as djoser). */
export const encodeUid = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');
export const decodeUid = (uid: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return undefined;
  const id = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[0-9a-f]{24}$/.test(id) ? id : undefined;
};
