import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type ModerationQueueItem } from '@pupitre/contracts';
import { ApiError } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { PublicationCore, publishChanges } from '../core/publication-core';
import { reviewOid } from '../data/keys';
import { ModerationAction, Report } from '../data/social.schema';
import { type ReviewChanges } from '../reviews/ledger';
import { Review } from '../reviews/review.schema';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';

type Action = 'approve' | 'reject' | 'restore';
const snapshot = (r: Review) => ({ status: r.status, hidden: r.hidden, visible: r.visible });

/**
 * Moderation for the `admin` role. The queue holds reviews held by the automatic validation,
 * reviews with open reports (still public) and reviews held by the weight of their reports.
 * approve: publish the latest version and close the reports as "kept". reject
 * (with a reason the author sees): take the review off the public pages. restore: undo a rejection
 * (publish the latest version again). Every action is recorded in `moderation_actions`.
 */
@Injectable()
export class ModerationService {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @InjectModel(ModerationAction.name) private readonly actions: Model<ModerationAction>,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicCache) private readonly cache: PublicCache,
  ) {}

  async queue(): Promise<ModerationQueueItem[]> {
    const docs = await this.reviews
      .find({ $or: [{ status: 'held' }, { hidden: true }, { reportCount: { $gt: 0 } }] })
      .sort({ updatedAt: 1 })
      .limit(500)
      .lean<Review[]>()
      .exec();
    const ids = docs.map((d) => d.id);
    const [reports, catalogue] = await Promise.all([
      this.reports.find({ reviewId: { $in: ids }, dismissed: false }, { _id: 0, reviewId: 1, content: 1, weight: 1, createdAt: 1 }).lean().exec(),
      this.catalogue.get(),
    ]);
    return docs.map((d) => {
      const teacher = catalogue.teachers.get(d.teacherId);
      const subject = catalogue.subjects.get(d.subjectId);
      return {
        id: d.id,
        status: d.status,
        reason: d.reason ?? null,
        hidden: d.hidden,
        reports: reports
          .filter((r) => r.reviewId === d.id)
          .map((r) => ({ content: r.content, weight: r.weight ?? 1, created_at: new Date(r.createdAt).toISOString() })),
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
    const exists = await this.reviews.exists({ _id: reviewOid(reviewId) }).exec();
    if (!exists) throw ApiError.of(404, 'not-found');
    let before: Review | null = null;
    const now = new Date();
    const after = await this.publication.ledger.transition(reviewId, (current): ReviewChanges | null => {
      before = current;
      if (action === 'approve') {
        if (current.status !== 'held' && !current.hidden && !(current.reportCount > 0)) return null;
        const publish = current.status === 'published' ? {} : publishChanges(current, now);
        return { ...publish, hidden: false, visible: true, reportCount: 0, reportWeight: 0 };
      }
      if (action === 'reject') {
        if (current.status === 'rejected' && !current.visible) return null;
        return { status: 'rejected', reason, pub: null, visible: false, hidden: false, reportCount: 0, reportWeight: 0 };
      }
      if (current.status !== 'rejected') return null;
      return { ...publishChanges(current, now), hidden: false, visible: true, reportCount: 0, reportWeight: 0 };
    });
    if (!after || !before) throw ApiError.of(409, 'invalid-transition', `cannot ${action} a review that is ${(before as Review | null)?.status ?? 'gone'}`);
    // The reporters are told the outcome and the statement of reasons (GET /auth/me/reports).
    const outcome = action === 'reject' ? 'removed' : 'kept';
    await this.reports.updateMany({ reviewId, dismissed: false }, { $set: { dismissed: true, outcome, reason: reason ?? (outcome === 'kept' ? 'no-breach' : 'moderator'), decidedAt: now } }).exec();
    await this.actions.create({ reviewId, action, reason, moderatorId, before: snapshot(before), after: snapshot(after), at: now });
    await this.cache.bump();
    return { id: reviewId, status: after.status, visible: after.visible };
  }

  history(reviewId: number): Promise<ModerationAction[]> {
    return this.actions.find({ reviewId }, { _id: 0 }).sort({ at: 1 }).lean<ModerationAction[]>().exec();
  }
}
