import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

export type LinkPurpose = 'activation' | 'reset';

/**
 * A single-use token sent by e-mail (activation, password reset). Only its SHA-256 is stored. It is
 * valid while it exists, has not expired and the user's credentialsVersion has not moved on; it is
 * deleted when used. Expired ones are removed by the database (a TTL index on `expiresAt`). The
 * token itself is derived from `nonce` with a server key, so a still-valid link can be sent again.
 */
@Schema({ collection: 'link_tokens', versionKey: false })
export class LinkToken {
  /** SHA-256 (base64url) of the token. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true, enum: ['activation', 'reset'] })
  purpose!: LinkPurpose;

  @Prop({ type: Number, required: true })
  credentialsVersion!: number;

  /** Random; the token is HMAC(SigningKeys.linkKey, purpose, user, nonce), so it can be sent again. Absent on older links. */
  @Prop({ type: String, default: null })
  nonce!: string | null;

  /** The database deletes the link once this has passed (a TTL index, within about a minute); use checks it too. */
  @Prop({ type: Date, required: true, expires: 0 })
  expiresAt!: Date;
}

export type LinkTokenDocument = HydratedDocument<LinkToken>;
export const LinkTokenSchema = SchemaFactory.createForClass(LinkToken);
// A still-fresh link of a user for a purpose (re-sent instead of minting a new one).
LinkTokenSchema.index({ userId: 1, purpose: 1 });
