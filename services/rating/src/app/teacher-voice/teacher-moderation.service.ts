import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Language, type ObjectionView, type OwnReply, TEACHER_INVITATION_DAYS, TEACHER_INVITED_JOB } from '@pupitre/contracts';
import { type Moderator, conflicts } from '../moderation/moderation.service';
import { ApiError, APP_CONFIG } from '@pupitre/server-kit';
import { randomUUID } from 'node:crypto';
import { type RatingConfig } from '../../config/rating-config';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { CatalogueStore } from '../data/catalogue-store';
import { EventOutbox } from '../data/event-outbox';
import { ModerationLog } from '../data/moderation-log';
import { ObjectionStore } from '../data/objection-store';
import { ReviewStore } from '../data/review-store';
import { replyModerated } from '../reviews/reply';
import { type Decision } from '../reviews/review';
import { objectionNotices } from './objection-notice';
import { objectionView, ownReply } from './views';

// Moderators: invite a teacher (the address goes straight to auth in a job, never stored), decide held replies and objections.
// Accepting delists the teacher until DELISTED_RETENTION has passed, when the worker erases him.
@Injectable()
export class TeacherModerationService {
  private readonly logger = new Logger('TeacherModeration');

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(CatalogueStore) private readonly catalogueStore: CatalogueStore,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(ModerationLog) private readonly log: ModerationLog,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  /** Queues the invitation for the auth service (503 when Redis does not take it: nothing is stored, the moderator retries). */
  async invite(moderatorId: string, teacherId: number, email: string, lang: Language): Promise<{ teacher_id: number; valid_days: number }> {
    const teacher = (await this.catalogue.get()).teachers.get(teacherId);
    if (!teacher) throw ApiError.of(404, 'not-found');
    const now = new Date();
    await this.outbox.send([
      {
        name: TEACHER_INVITED_JOB,
        data: {
          teacher: { id: teacher.id, prefix: teacher.prefix, name: teacher.name },
          email,
          lang,
          moderatorId,
          invitedAt: now.toISOString(),
        },
        jobId: `teacher-invited-${teacherId}-${randomUUID()}`,
        forget: true,
      },
    ]);
    await this.log.record({
      target: 'teacher',
      reviewId: null,
      teacherId,
      action: 'invite-teacher',
      reason: null,
      text: null,
      moderatorId,
      before: {},
      after: { invited: true },
      at: now,
    });
    return { teacher_id: teacherId, valid_days: TEACHER_INVITATION_DAYS };
  }

  /** Held replies are in the review queue (GET /api/moderation/queue); this approves or rejects one. */
  async decideReply(
    moderator: Moderator,
    reviewId: number,
    action: 'approve' | 'reject',
    decision: Decision,
  ): Promise<{ id: number; reply: OwnReply }> {
    const now = new Date();
    let found = false;
    const write = await this.reviews.change(
      reviewId,
      (current) => {
        if (conflicts(moderator, current.teacherId)) return null; // his own teacher record's: as a missing one
        found = Boolean(current.reply);
        return replyModerated(current, action, decision, now);
      },
      (w, session) =>
        this.log.record(
          {
            target: 'reply',
            reviewId,
            teacherId: w.after.teacherId,
            action: action === 'approve' ? 'approve-reply' : 'reject-reply',
            reason: decision.reason,
            text: decision.text,
            moderatorId: moderator.id,
            before: { status: w.before.reply?.status ?? null },
            after: { status: w.after.reply?.status ?? null },
            at: now,
          },
          session,
        ),
    );
    if (!found) throw ApiError.of(404, 'not-found');
    if (!write?.after.reply) throw ApiError.of(409, 'invalid-transition', `cannot ${action} this reply in its current state`);
    return { id: reviewId, reply: ownReply(write.after.reply) };
  }

  /** The open objections, but one about the moderator's own teacher record. */
  async openObjections(moderator: Moderator): Promise<ObjectionView[]> {
    const [docs, { teachers }] = await Promise.all([this.objections.list('open'), this.catalogue.get()]);
    return docs.filter((d) => !conflicts(moderator, d.teacherId)).map((d) => objectionView(d, teachers.get(d.teacherId)));
  }

  /** Accepts (the teacher is delisted until the retention period is over) or refuses an open objection; the teacher is told by e-mail. */
  async decideObjection(moderator: Moderator, teacherId: number, action: 'accept' | 'refuse', decision: Decision): Promise<ObjectionView> {
    if (conflicts(moderator, teacherId)) throw ApiError.of(404, 'not-found'); // his own objection: as a missing one
    const moderatorId = moderator.id;
    const now = new Date();
    const current = await this.objections.get(teacherId);
    if (!current) throw ApiError.of(404, 'not-found');
    if (current.state !== 'open') throw ApiError.of(409, 'invalid-transition', 'the objection is already decided');
    await this.outbox.intend('objection', teacherId); // the teacher must hear of it, even after a crash
    const eraseAfter = action === 'accept' ? new Date(now.getTime() + this.config.DELISTED_RETENTION) : null;
    const listed = action !== 'accept';
    const decided = await this.objections.decide(
      teacherId,
      { state: listed ? 'refused' : 'accepted', decidedAt: now, reason: decision.reason, reasonText: decision.text, eraseAfter },
      (d, session) =>
        this.log.record(
          {
            target: 'objection',
            reviewId: null,
            teacherId,
            action: listed ? 'refuse-objection' : 'accept-objection',
            reason: decision.reason,
            text: decision.text,
            moderatorId,
            before: { state: d.before.state, listed: true },
            after: { state: d.after.state, listed },
            at: now,
          },
          session,
        ),
    );
    if (!decided) throw ApiError.of(409, 'invalid-transition', 'the objection is already decided');
    // After the decision is stored: a crash here leaves it accepted and the teacher listed; the
    // outbox entry written above makes the relay delist him (moderation/event-relay.ts), and clears it.
    if (eraseAfter) await this.catalogueStore.delist(teacherId, now, eraseAfter);
    if (!listed) this.catalogue.invalidate();
    try {
      await this.outbox.send(objectionNotices(decided.after));
    } catch (err) {
      this.logger.warn({ msg: 'objection notice not queued yet: the reconciler will', teacherId, error: (err as Error).message });
    }
    return objectionView(decided.after, (await this.catalogue.get()).teachers.get(teacherId));
  }
}
