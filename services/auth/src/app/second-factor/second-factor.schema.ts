import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * An account's second factor (collection `second_factors`, `_id` = the user id): its TOTP secret,
 * pending until a first code confirms it, then enabled; the last time step a code was accepted from
 * (a code is accepted only from a later step: no replay, decided by the write's filter); the hashes
 * of the unused recovery codes (a use pulls its hash, in the same filtered write: single use).
 * The secret is never answered again once confirmed, and is stored encrypted (secret-box.ts).
 */
@Schema({ collection: 'second_factors', versionKey: false })
export class SecondFactor {
  /** The user id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, enum: ['pending', 'enabled'] })
  status!: 'pending' | 'enabled';

  /**
   * The TOTP secret sealed with SECOND_FACTOR_KEYS (`v1:<key id>:<iv>:<ciphertext>`, secret-box.ts);
   * a plain base32 secret in records written before encryption (sealed again on its next use).
   */
  @Prop({ type: String, required: true })
  secret!: string;

  /** The time step of the last code accepted (0 before any). */
  @Prop({ type: Number, required: true, default: 0 })
  lastStep!: number;

  /** Salt of this account's recovery-code hashes. */
  @Prop({ type: String, required: true })
  salt!: string;

  /** SHA-256 of each unused recovery code, salted (totp.ts). */
  @Prop({ type: [String], default: [] })
  recoveryCodes!: string[];

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  enabledAt!: Date | null;
}

export const SecondFactorSchema = SchemaFactory.createForClass(SecondFactor);
