import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type DeviceDescription } from '@pupitre/contracts';
import { type HydratedDocument } from 'mongoose';

export type RefreshStatus = 'active' | 'rotated' | 'revoked';

/**
 * Server-side record of a refresh token, by its `jti`. A refresh rotates it (`rotated`), a logout
 * or a detected re-use revokes its whole `family` (every token descended from one login: a
 * session). A token is used once: the write that marks it rotated is conditional on it being
 * active (TokenService.refresh). Revoked sessions are also marked in Redis (SessionStore), where
 * the rating service reads them.
 */
@Schema({ collection: 'refresh_tokens', versionKey: false })
export class RefreshToken {
  /** The token's jti. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  family!: string;

  /** SHA-256 (base64url) of the whole token: a token is only accepted if it is exactly the one issued. */
  @Prop({ type: String, required: true })
  tokenHash!: string;

  @Prop({ type: String, required: true, enum: ['active', 'rotated', 'revoked'], default: 'active' })
  status!: RefreshStatus;

  /** The user's session version when issued (Redis, see SessionStore): an older one is dead. */
  @Prop({ type: Number, default: 0 })
  sessionVersion!: number;

  /** The database deletes the record once this has passed (a TTL index, within about a minute); use checks it too. */
  @Prop({ type: Date, required: true, expires: 0 })
  expiresAt!: Date;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;

  /** When the session (the family) began, at sign-in: its absolute lifetime counts from it. Absent on records from before. */
  @Prop({ type: Date })
  sessionStartedAt?: Date;

  /** The device the session began on, coarsely (sessions/device-description.ts; never the raw User-Agent), copied on each rotation. */
  @Prop({ type: { _id: false, kind: String, browser: String, os: String } })
  device?: DeviceDescription;

  /** The day (UTC midnight) this token was issued: the session's last use, to the day. */
  @Prop({ type: Date })
  lastUsedOn?: Date;

  /** The token this one was issued for (a refresh); absent for a sign-in's. */
  @Prop({ type: String })
  parent?: string;

  /** When it was rotated, and how many times it was presented again within the rotation overlap since (TokenService.overlap). */
  @Prop({ type: Date })
  rotatedAt?: Date;

  @Prop({ type: Number })
  overlapUses?: number;

  /** The session was opened with the second factor (SessionOrigin); copied to every token of the family. */
  @Prop({ type: Boolean })
  secondFactor?: boolean;
}

export type RefreshTokenDocument = HydratedDocument<RefreshToken>;
export const RefreshTokenSchema = SchemaFactory.createForClass(RefreshToken);
// Revoking a family or every session of a user skips what is already revoked (`status: {$ne}`): equality, then range;
// the rotation overlap asks whether a token issued from one was used (family, rotated, parent).
RefreshTokenSchema.index({ family: 1, status: 1, parent: 1 });
// The user's live sessions, most recent first (GET /auth/sessions), on the same prefix.
RefreshTokenSchema.index({ userId: 1, status: 1, createdAt: -1 });
