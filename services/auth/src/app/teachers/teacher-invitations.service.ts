import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type TeacherInvitedEvent } from '@pupitre/contracts';
import { ApiError, APP_CONFIG, isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import { type Model, Types } from 'mongoose';
import { createHash, randomBytes } from 'node:crypto';
import { type AuthConfig } from '../../config/auth-config';
import { AuditEntry } from '../audit/audit-entry.schema';
import { Mailer } from '../mail/mailer.service';
import { renderTeacherInvitation } from '../mail/notice-templates';
import { normalizeEmail } from '../shared/field-errors';
import { User } from '../users/user.schema';
import { TeacherInvitation } from './teacher-invitation.schema';
import { TeacherLink } from './teacher-link.schema';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');
const DAY_MS = 86_400_000;

/**
 * Teachers' invitations (issue #18): a moderator's `teacher-invited` event becomes a single-use link
 * mailed in the chosen language, valid TEACHER_INVITATION_TTL; the account signed in with that
 * address that opens it is linked to the teacher record (`teacherId`, the `teacher` role: its next
 * access token carries `teacher_id`). Every invitation and link is in `audit_log` (never an address).
 */
@Injectable()
export class TeacherInvitations {
  private readonly logger = new Logger('TeacherInvitations');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @InjectModel(TeacherInvitation.name) private readonly invitations: Model<TeacherInvitation>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(TeacherLink.name) private readonly links: Model<TeacherLink>,
    @InjectModel(AuditEntry.name) private readonly audit: Model<AuditEntry>,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  /** The link of an invitation: `{FRONTEND_URL}/me/teacher-invitation/{token}`. */
  link(token: string): string {
    return this.mailer.frontend(`/me/teacher-invitation/${token}`);
  }

  /** Stores the invitation and mails its link (the job is retried when SMTP fails). */
  async invite(event: TeacherInvitedEvent): Promise<void> {
    const token = randomBytes(24).toString('base64url');
    const email = normalizeEmail(event.email);
    await this.invitations.create({
      _id: sha256(token),
      email,
      teacherId: event.teacher.id,
      invitedBy: event.moderatorId,
      expiresAt: new Date(Date.now() + this.config.TEACHER_INVITATION_TTL),
    });
    const days = Math.max(1, Math.round(this.config.TEACHER_INVITATION_TTL / DAY_MS));
    await this.mailer.deliver(email, renderTeacherInvitation(event.lang, { teacher: event.teacher, days }, this.link(token)));
    await this.audit.create({
      action: 'teacher-invited',
      actor: event.moderatorId,
      userId: null,
      teacherId: event.teacher.id,
      before: {},
      after: { invited: true },
      at: new Date(),
    });
    this.logger.log({ msg: 'teacher invited', teacherId: event.teacher.id });
  }

  /**
   * The signed-in account `userId` opens invitation `token`: 400 `invalid-invitation` (unknown,
   * used or expired), 403 `wrong-account` (another address than the invited one), 409
   * `teacher-already-linked` (another account holds the teacher record). Single use.
   */
  async accept(userId: string, token: string): Promise<{ teacher_id: number }> {
    const invitation = await this.invitations.findById(sha256(token)).lean();
    if (!invitation || invitation.expiresAt.getTime() <= Date.now()) throw ApiError.of(400, 'invalid-invitation');
    const user = Types.ObjectId.isValid(userId) ? await this.users.findById(userId).lean() : null;
    if (!user || user.email !== invitation.email) throw ApiError.of(403, 'wrong-account', 'sign in with the invited e-mail address');
    await this.claim(invitation.teacherId, userId);
    if ((await this.invitations.deleteOne({ _id: invitation._id })).deletedCount !== 1) throw ApiError.of(400, 'invalid-invitation');
    const roles = user.roles.includes('teacher') ? user.roles : [...user.roles, 'teacher' as const];
    await this.users.updateOne({ _id: user._id }, { $set: { teacherId: invitation.teacherId, roles } });
    await this.audit.create({
      action: 'teacher-linked',
      actor: userId,
      userId,
      teacherId: invitation.teacherId,
      before: { roles: user.roles, teacherId: user.teacherId ?? null },
      after: { roles, teacherId: invitation.teacherId },
      at: new Date(),
    });
    return { teacher_id: invitation.teacherId };
  }

  /**
   * Teacher record `teacherId` becomes `userId`'s, or 409 `teacher-already-linked` when another
   * account holds it: its `teacher_links` document is written first (two accounts racing for it
   * both try; the key lets one through); claiming it again for the same account is a no-op.
   * Accounts linked before `teacher_links` existed are found by `users.teacherId`.
   */
  private async claim(teacherId: number, userId: string): Promise<void> {
    const holder = await this.users.findOne({ teacherId }, { _id: 1 }).lean();
    if (holder && String(holder._id) !== userId) throw ApiError.of(409, 'teacher-already-linked');
    try {
      await writeRetried(() => this.links.create({ _id: teacherId, userId, linkedAt: new Date() }));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const link = await this.links.findById(teacherId).lean();
      if (link?.userId !== userId) throw ApiError.of(409, 'teacher-already-linked');
    }
  }

  /** An erased account's teacher record is free again (another account may be invited to it). */
  async releaseLinksOf(userId: string): Promise<void> {
    await this.links.deleteMany({ userId });
  }

  /**
   * An erased account: its teacher links go, and the audit log's entries keep their decisions without it (who decided and
   * whom it concerned become one random tombstone, the same in all of its entries), so nothing left ties the account's
   * teacher record, reply or objection to it.
   */
  async forgetAccount(userId: string): Promise<void> {
    await this.releaseLinksOf(userId);
    const tombstone = `erased-${randomUUID()}`;
    await this.audit.updateMany({ userId }, { $set: { userId: tombstone } });
    await this.audit.updateMany({ actor: userId }, { $set: { actor: tombstone } });
  }
}
