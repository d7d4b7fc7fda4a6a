import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type ObjectionDecidedEvent, objectionNoticeKey, type ReportDecidedEvent, reportNoticeKey } from '@pupitre/contracts';
import { ensureDocument } from '@pupitre/server-kit';
import { type Model, Types } from 'mongoose';
import { Mailer } from '../mail/mailer.service';
import { type RenderedMail, renderObjectionDecided, renderReportDecided } from '../mail/notice-templates';
import { User } from '../users/user.schema';
import { Notice } from './notice.schema';

/**
 * E-mails that tell people what moderators decided (events of the rating service), each once: the
 * notice's key is recorded after the mail went out, and an event seen again finds it. A crash
 * between the two sends the mail again (at least once, never lost). Accounts gone or inactive get
 * nothing.
 */
@Injectable()
export class NoticesService {
  private readonly logger = new Logger('Notices');

  constructor(
    @Inject(Mailer) private readonly mailer: Mailer,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Notice.name) private readonly notices: Model<Notice>,
  ) {}

  /** The outcome of a report, to its reporter, in their language; false when nothing was sent. */
  async reportDecided(event: ReportDecidedEvent): Promise<boolean> {
    const key = reportNoticeKey(event.reviewId, event.reporterId);
    return this.once(key, event.reporterId, (lang) => renderReportDecided(lang, event, this.mailer.frontend('/me/reports')));
  }

  /** The outcome of a teacher's objection, to the linked account that made it, in its language. */
  async objectionDecided(event: ObjectionDecidedEvent): Promise<boolean> {
    return this.once(objectionNoticeKey(event.teacherId, event.decidedAt), event.userId, (lang) =>
      renderObjectionDecided(lang, event, this.mailer.frontend('/me/teacher')),
    );
  }

  /** Sends `render(lang)` to the active account `userId` unless notice `key` went out already. */
  async once(key: string, userId: string, render: (lang: User['lang']) => RenderedMail): Promise<boolean> {
    if (await this.notices.exists({ _id: key })) return false;
    const user = Types.ObjectId.isValid(userId) ? await this.users.findById(userId, { email: 1, lang: 1, isActive: 1 }).lean() : null;
    if (!user || !user.isActive) {
      // The notice's kind only: its key pairs a review with the account that reported it (docs/threat-model.md).
      this.logger.log({ msg: 'notice not sent: no such active account', notice: key.split(':')[0] });
      return false;
    }
    await this.mailer.deliver(user.email, render(user.lang ?? 'fr'));
    await ensureDocument(() => this.notices.create({ _id: key, sentAt: new Date() }));
    return true;
  }
}
