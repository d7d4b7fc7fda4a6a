import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ModerationActionView, type ModerationQueueItem } from '@pupitre/contracts';
import { ApiError, APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { releaseScheduleOf } from '../../config/release-env';
import { nextRelease, type ReleaseSchedule } from '../publication/release-schedule';
import { type EventJob, EventOutbox, type OutboxKind } from '../data/event-outbox';
import { ReviewStore } from '../data/review-store';
import { type ModerationEntry, ModerationLog } from '../data/moderation-log';
import { authorStatus, type Decision, type ReviewDoc } from '../reviews/review';
import { moderated, type ModerationAction as Action, reportsDecidedBy } from '../reviews/review-moderation';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ownReply } from '../teacher-voice/views';
import { type NoticeTeacher, reportNotices } from './notices';
import { AuthorKeys } from './author-keys';
import { publicMonth } from '../reading/review-view';

const RECENT_DAYS = 30;
const RECENT_LIMIT = 100;

const snapshot = (r: ReviewDoc) => ({ status: r.status, hidden: r.hidden, visible: r.visible });

/** One recorded action as the API shows it (records of the earlier design lack target, teacher and text). */
export function actionView(a: ModerationEntry): ModerationActionView {
  return {
    target: a.target ?? 'review',
    reviewId: a.reviewId ?? null,
    teacherId: a.teacherId ?? null,
    action: a.action,
    reason: a.reason ?? null,
    text: a.text ?? null,
    moderatorId: a.moderatorId,
    before: a.before ?? {},
    after: a.after ?? {},
    at: new Date(a.at).toISOString(),
  };
}

// Moderators' decisions on reviews (reviews/review-moderation.ts), each recorded in `moderation_actions`; reporters who asked
// are told the outcome by e-mail through auth, at least once (the outbox).
const QUEUE_LIMIT = 500;

@Injectable()
export class ModerationService {
  private readonly logger = new Logger('Moderation');

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ModerationLog) private readonly log: ModerationLog,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(AuthorKeys) private readonly authorKeys: AuthorKeys,
    @Inject(APP_CONFIG) config: RatingConfig,
  ) {
    this.schedule = releaseScheduleOf(config);
  }

  private readonly schedule: ReleaseSchedule;

  /**
   * Never the author's account: an opaque key per author and teacher, dated to the month, no class year (docs/threat-model.md).
   * Never a review about the teacher record the moderator's own account is linked to (`moderator.teacherId`): a conflict.
   */
  async queue(moderator: Moderator): Promise<ModerationQueueItem[]> {
    const [docs, catalogue] = await Promise.all([this.reviews.flagged(QUEUE_LIMIT), this.catalogue.get()]);
    const items = docs
      .filter((d) => !conflicts(moderator, d.teacherId))
      .sort((a, b) => new Date(a.updatedAt).getTime() - new Date(b.updatedAt).getTime())
      .map((d) => {
        const teacher = catalogue.teachers.get(d.teacherId);
        const subject = catalogue.subjects.get(d.subjectId);
        return {
          id: d.id,
          author_key: this.authorKeys.of(d.authorId, d.teacherId),
          status: d.status === 'approved' ? 'pending' : d.status, // waiting for its release: not public yet
          reason: d.reason ?? null,
          hidden: d.hidden,
          reports: d.reports
            .filter((r) => r.outcome === 'open')
            .map((r) => ({ content: r.content, weight: r.weight, created_at: new Date(r.at).toISOString() })),
          teacher: { id: d.teacherId, prefix: teacher?.prefix ?? '', name: teacher?.name ?? '' },
          subject: { id: d.subjectId, name: subject?.name ?? '' },
          tot_rating: d.tot_rating,
          text_rating: d.text_rating ?? '',
          created_at: publicMonth(d.createdAt),
          ...(d.reply?.status === 'held' ? { reply: ownReply(d.reply) } : {}),
        };
      });
    await this.log.recordRead({ moderatorId: moderator.id, what: 'queue', reviewIds: items.map((i) => i.id), at: new Date() });
    return items;
  }

  async act(
    moderator: Moderator,
    reviewId: number,
    action: Action,
    decision: Decision = { reason: null, text: null },
  ): Promise<{ id: number; status: string; visible: boolean }> {
    const now = new Date();
    // approve and reject close reports: the reporters who asked must hear of it, even after a crash.
    const announces = action !== 'restore';
    if (announces) await this.outbox.intend('review', reviewId);
    let found = false;
    // The audit record is written in the decision's transaction. The outbox entry stays, even when nothing was decided here: a
    // concurrent decision may share it; only the relay clears it (moderation/event-relay.ts).
    const write = await this.reviews.change(
      reviewId,
      (current) => {
        // About the moderator's own teacher record: answered as a missing review, nothing decided.
        if (conflicts(moderator, current.teacherId)) return null;
        found = true;
        return moderated(current, action, decision, now, nextRelease(this.schedule, now));
      },
      (w, session) =>
        this.log.record(
          {
            target: 'review',
            reviewId,
            teacherId: w.after.teacherId,
            action,
            reason: decision.reason,
            text: decision.text,
            moderatorId: moderator.id,
            before: snapshot(w.before),
            after: snapshot(w.after),
            at: now,
          },
          session,
        ),
    );
    if (!found) throw ApiError.of(404, 'not-found');
    if (!write) throw ApiError.of(409, 'invalid-transition', `cannot ${action} this review in its current state`);
    if (announces)
      await this.announce(
        'review',
        reviewId,
        reportNotices(write.after, await this.teacherOf(write.after.teacherId), reportsDecidedBy(write.before, write.after)),
      );
    return { id: reviewId, status: authorStatus(write.after), visible: write.after.visible };
  }

  /** Queues the jobs of a decision at once; its outbox entry stays for the relay (it sends them again: auth de-duplicates). */
  private async announce(kind: OutboxKind, ref: number, jobs: EventJob[]): Promise<void> {
    try {
      await this.outbox.send(jobs);
    } catch (err) {
      this.logger.warn({ msg: 'events of a decision not queued yet: the reconciler will', kind, ref, error: (err as Error).message });
    }
  }

  private async teacherOf(id: number): Promise<NoticeTeacher | null> {
    const t = (await this.catalogue.get()).teachers.get(id);
    return t ? { id: t.id, prefix: t.prefix, name: t.name } : null;
  }

  /** The decisions of the last RECENT_DAYS days, newest first (the console's "decided" list, where a removal can be undone). */
  async recent(moderator: Moderator): Promise<ModerationActionView[]> {
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
    return (await this.log.latest(since, RECENT_LIMIT)).filter((e) => !conflicts(moderator, e.teacherId)).map(actionView);
  }

  /** A review's decisions; none for one about the moderator's own teacher record (as for a review without any). */
  async history(moderator: Moderator, reviewId: number): Promise<ModerationActionView[]> {
    return (await this.log.history(reviewId)).filter((e) => !conflicts(moderator, e.teacherId)).map(actionView);
  }
}

/** Who decides: the moderator's account, and the teacher record it is linked to, if any (a conflict of interest). */
export type Moderator = { id: string; teacherId?: number };

/** Whether `teacherId` is the moderator's own teacher record: he never sees nor decides what is about it. */
export const conflicts = (moderator: Moderator, teacherId: number | null | undefined): boolean =>
  moderator.teacherId !== undefined && moderator.teacherId === teacherId;
