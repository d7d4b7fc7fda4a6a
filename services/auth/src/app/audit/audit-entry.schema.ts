import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** What the auth side records of decisions about accounts: roles, teacher links, invitations. */
export type AuditAction = 'grant-role' | 'revoke-role' | 'teacher-invited' | 'teacher-linked' | 'teacher-unlinked';

/**
 * The auth service's audit log (`audit_log`): every decision about an account's powers, who made it
 * and when, with the state before and after. Role grants and revocations come from the admin CLI
 * (actor `cli:<login>` or ADMIN_ACTOR); teacher invitations and unlinks from moderators through the
 * rating service (actor = the moderator's user id; the rating side records the same decision in its
 * `moderation_actions`), links from the teacher who accepted. Never an e-mail address.
 */
@Schema({ collection: 'audit_log', versionKey: false })
export class AuditEntry {
  @Prop({ type: String, required: true })
  action!: AuditAction;

  /** Who decided: a user id, or `cli:<login>`. */
  @Prop({ type: String, required: true })
  actor!: string;

  /** The account concerned. */
  @Prop({ type: String, default: null })
  userId!: string | null;

  @Prop({ type: Number, default: null })
  teacherId!: number | null;

  @Prop({ type: Object, required: true })
  before!: Record<string, unknown>;

  @Prop({ type: Object, required: true })
  after!: Record<string, unknown>;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
// The latest entries first (the CLI's `audit`).
AuditEntrySchema.index({ at: -1 });
// An erased account's entries, detached from it (teacher-invitations.service.ts forgetAccount).
AuditEntrySchema.index({ userId: 1 });
AuditEntrySchema.index({ actor: 1 });
