import { Inject, Injectable } from '@nestjs/common';
import { type ModerationQueueItem } from '@pupitre/contracts';
import { ApiError } from '@pupitre/server-kit';
import { ReviewStore } from '../data/review-store';
import { type ModerationEntry, ModerationLog } from '../data/moderation-log';
import { PublicView } from '../reading/public-view';
import { moderated, type ModerationAction as Action, type ReviewDoc } from '../reviews/review';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';

const snapshot = (r: ReviewDoc) => ({ status: r.status, hidden: r.hidden, visible: r.visible });

/**
 * Moderation for the `admin` role. The queue holds reviews held by the automatic validation,
 * reviews with open reports (still public) and reviews held by the weight of their reports (the
 * public index knows which). approve: the latest version public, the reports closed as "kept";
 * reject (with a reason the author sees): off the public pages, the reports closed as "removed";
 * restore: undo a rejection. Every action is recorded in `moderation_actions`.
 */
@Injectable()
export class ModerationService {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ModerationLog) private readonly log: ModerationLog,
    @Inject(PublicView) private readonly view: PublicView,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
  ) {}

  async queue(): Promise<ModerationQueueItem[]> {
    const [docs, catalogue] = await Promise.all([this.reviews.getMany(this.view.index.flaggedIds()), this.catalogue.get()]);
    return docs
      .sort((a, b) => new Date(a.updatedAt).getTime() - new Date(b.updatedAt).getTime())
      .slice(0, 500)
      .map((d) => {
        const teacher = catalogue.teachers.get(d.teacherId);
        const subject = catalogue.subjects.get(d.subjectId);
        return {
          id: d.id,
          status: d.status,
          reason: d.reason ?? null,
          hidden: d.hidden,
          reports: d.reports.filter((r) => r.outcome === 'open').map((r) => ({ content: r.content, weight: r.weight, created_at: new Date(r.at).toISOString() })),
          teacher: { id: d.teacherId, prefix: teacher?.prefix ?? '', name: teacher?.name ?? '' },
          subject: { id: d.subjectId, name: subject?.name ?? '' },
          year: d.year,
          tot_rating: d.tot_rating,
          text_rating: d.text_rating ?? '',
          created_at: new Date(d.createdAt).toISOString(),
        };
      });
  }

  async act(moderatorId: string, reviewId: number, action: Action, reason: string | null = null): Promise<{ id: number; status: string; visible: boolean }> {
    const now = new Date();
    let found = false;
    const write = await this.reviews.change(reviewId, (current) => {
      found = true;
      return moderated(current, action, reason, now);
    });
    if (!found) throw ApiError.of(404, 'not-found');
    if (!write) throw ApiError.of(409, 'invalid-transition', `cannot ${action} this review in its current state`);
    await this.log.record({ reviewId, action, reason, moderatorId, before: snapshot(write.before), after: snapshot(write.after), at: now });
    return { id: reviewId, status: write.after.status, visible: write.after.visible };
  }

  history(reviewId: number): Promise<ModerationEntry[]> {
    return this.log.history(reviewId);
  }
}
