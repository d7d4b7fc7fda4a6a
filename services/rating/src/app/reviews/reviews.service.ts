import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type CheckedReview, checkReviewPayload, REVIEW_ANSWER_KEYS, type ReviewEditView, REVIEW_GRADE_KEYS } from '@pupitre/contracts';
import { ApiError, APP_CONFIG, isDuplicateKey } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { type RatingConfig } from '../../config/rating-config';
import { type AuthUser } from '../auth/token-verifier';
import { allocateIds } from '../counters/allocate-ids';
import { Counter } from '../counters/counter.schema';
import { Favorite, Report, Vote } from '../data/social.schema';
import { PublicationProducer } from '../publication/publication-producer.service';
import { publicationJobId } from '../publication/review-publication.queue';
import { authorReason, authorStatus, hasShownAt, isPublicAt, PublicationCore } from '../core/publication-core';
import { reviewOid } from '../data/keys';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';
import { IdempotencyKeys } from './idempotency-keys';
import { Review, type ReviewContent } from './review.schema';

/** A checked payload as review content (what a version holds: only what it was given). */
export function toContent(p: CheckedReview): ReviewContent {
  return { teacherId: p.teacher, subjectId: p.subject, year: p.year, tot_rating: p.tot_rating, grades: p.grades, flags: p.answers, text_rating: p.text_rating };
}

/** Same teacher, subject, year, ratings, comment, and the same criteria given the same values. */
export function sameContent(a: ReviewContent, b: ReviewContent): boolean {
  return (
    a.teacherId === b.teacherId &&
    a.subjectId === b.subjectId &&
    a.year === b.year &&
    a.tot_rating === b.tot_rating &&
    (a.text_rating ?? '') === (b.text_rating ?? '') &&
    REVIEW_GRADE_KEYS.every((k) => (a.grades[k] ?? null) === (b.grades[k] ?? null)) &&
    REVIEW_ANSWER_KEYS.every((k) => (a.flags[k] ?? null) === (b.flags[k] ?? null))
  );
}

/**
 * Creating and editing reviews. A new version is stored `pending` with `publishAt = now + delay`,
 * and a delayed `publish-review` job (job id `review-<id>-v<version>`) is queued; the worker
 * validates and publishes it when due (the reconciler catches it if the job is lost).
 */
@Injectable()
export class ReviewsService {
  private readonly logger = new Logger('Reviews');

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Counter.name) private readonly counters: Model<Counter>,
    @InjectModel(Vote.name) private readonly votes: Model<Vote>,
    @InjectModel(Favorite.name) private readonly favorites: Model<Favorite>,
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicationProducer) private readonly producer: PublicationProducer,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {
    this.keys = new IdempotencyKeys(reviews.db);
  }

  private readonly keys: IdempotencyKeys;

  /**
   * POST /api/rating/0. With an idempotency key, a retry (after a lost answer, a crash midway) gets
   * the original answer: the key is claimed with the review's id before the review is written.
   */
  async create(user: AuthUser, body: unknown, idempotencyKey?: string): Promise<{ message: string; id: number }> {
    const created = (id: number) => ({ message: 'Review created: it will be public after its validation', id });
    const known = idempotencyKey ? await this.keys.find(user.id, idempotencyKey) : null;
    if (known !== null && (await this.isAuthorOf(user.id, known))) return created(known);
    const content = await this.checkPayload(body);
    // FerretDB 1.x does not isolate the counter's `$inc`: ids are handed out under a lock.
    let id = known ?? (await this.publication.lock('counter:reviews', () => allocateIds(this.counters, 'reviews')))[0];
    if (idempotencyKey && known === null) id = await this.keys.claim(user.id, idempotencyKey, id);
    if (await this.isAuthorOf(user.id, id)) return created(id); // a twin request finished first
    const now = new Date();
    const publishAt = new Date(now.getTime() + this.config.REVIEW_VALIDATION_DELAY);
    // On the reconciler's list and the author's index first: a crash after the insert loses nothing.
    await this.publication.ledger.tasks.add(id, publishAt);
    await this.publication.lock(`user:${user.id}`, () => this.publication.users.addReview(user.id, id));
    try {
      await this.reviews.create({
        _id: reviewOid(id),
        id,
        authorId: user.id,
        ...content,
        version: 1,
        status: 'pending',
        reason: null,
        publishAt,
        pub: null,
        pubTeacherId: null,
        pubTot: null,
        visible: false,
        hidden: false,
        reportCount: 0,
        reportWeight: 0,
        relUp: 0,
        relTotal: 0,
        wilson: 0,
        counted: null,
        rev: 0,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isDuplicateKey(err) && (await this.isAuthorOf(user.id, id))) return created(id); // a twin request wrote it
      if (isDuplicateKey(err)) throw ApiError.of(409, 'duplicate-review');
      throw err;
    }
    await this.schedule(id, 1, true);
    return created(id);
  }

  private async isAuthorOf(userId: string, id: number): Promise<boolean> {
    return (await this.reviews.findOne({ _id: reviewOid(id) }, { _id: 0, authorId: 1 }).lean().exec())?.authorId === userId;
  }

  async forEdit(user: AuthUser, id: number): Promise<ReviewEditView> {
    const review = await this.reviews.findOne({ _id: reviewOid(id) }).lean<Review>().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    const isCreator = review.authorId === user.id;
    if (!isCreator && !user.roles.includes('admin')) throw ApiError.of(403, 'forbidden');
    const status = authorStatus(review, new Date());
    const reason = authorReason(review);
    return {
      id: review.id,
      teacher: review.teacherId,
      subject: review.subjectId,
      year: review.year,
      grades: { ...review.grades, ...review.flags },
      tot_rating: review.tot_rating,
      text_rating: review.text_rating ?? '',
      is_creator: isCreator,
      status,
      ...(reason && status !== 'published' && status !== 'pending' ? { reason } : {}),
    };
  }

  async edit(user: AuthUser, id: number, body: unknown): Promise<{ message: string; id: number }> {
    const _id = reviewOid(id);
    const review = await this.reviews.findOne({ _id }, { _id: 0, id: 1, authorId: 1 }).lean().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    if (review.authorId !== user.id) throw ApiError.of(403, 'forbidden');
    const content = await this.checkPayload(body);
    const now = new Date();
    const publishAt = new Date(now.getTime() + this.config.REVIEW_VALIDATION_DELAY);
    // On the reconciler's list first (a crash after the write loses nothing).
    await this.publication.ledger.tasks.add(id, publishAt);
    let hadPublicVersion = false;
    let after: Review | null;
    try {
      after = await this.publication.ledger.transition(id, (current) => {
        if (sameContent(current, content)) throw ApiError.of(400, 'ReviewFormIdentical');
        hadPublicVersion = isPublicAt(current, now);
        // The new version waits for validation; `pub` (the version the public sees) stays, unless it
        // was validated ahead and has not shown yet: then it is withdrawn, never shown.
        const withdraw = current.pub && !hasShownAt(current.pub, now) ? { pub: null, visible: false } : {};
        return { ...content, version: current.version + 1, status: 'pending', reason: null, publishAt, ...withdraw };
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw ApiError.of(409, 'duplicate-review');
      throw err;
    }
    const version = after?.version ?? null;
    if (version === null) throw ApiError.of(404, 'not-found');
    await this.schedule(id, version, !hadPublicVersion);
    return { message: 'Review modified: the new version will be public after its validation', id };
  }

  /**
   * DELETE /api/rating/{id}: the author takes the review down for good. It first leaves every public
   * page and the teacher's aggregates (a ledger transition, as a rejection would), then its votes,
   * favourites and reports go, then the review and its entry in the author's index. A crash midway
   * leaves it withdrawn (rejected, `withdrawn`) and the author can delete it again.
   */
  async remove(user: AuthUser, id: number): Promise<void> {
    const _id = reviewOid(id);
    const review = await this.reviews.findOne({ _id }, { _id: 0, authorId: 1 }).lean().exec();
    if (!review) throw ApiError.of(404, 'not-found');
    if (review.authorId !== user.id) throw ApiError.of(403, 'forbidden');
    await this.publication.ledger.transition(id, (current) =>
      current.visible || current.pub || current.status !== 'rejected' ? { status: 'rejected', reason: 'withdrawn', pub: null, visible: false } : null,
    );
    await Promise.all([this.votes.deleteMany({ reviewId: id }).exec(), this.favorites.deleteMany({ reviewId: id }).exec(), this.reports.deleteMany({ reviewId: id }).exec()]);
    await this.publication.ledger.withReview(id, async () => {
      await this.reviews.deleteOne({ _id }).exec();
      await this.publication.ledger.tasks.done(id);
    });
    await this.publication.lock(`user:${user.id}`, () => this.publication.users.removeReview(user.id, id));
    await this.publication.lists.changed();
  }

  /**
   * Queues the publication job: PUBLICATION_LEAD ahead of the publication time for a review with no
   * public version yet (`ahead`), at the time for an edit of a public one. If Redis is down the
   * review still waits in the database for the reconciler.
   */
  private async schedule(id: number, version: number, ahead: boolean): Promise<void> {
    const delayMs = Math.max(0, this.config.REVIEW_VALIDATION_DELAY - (ahead ? this.config.PUBLICATION_LEAD : 0));
    try {
      await this.producer.enqueue('publish-review', { reviewId: id, version }, { delayMs, jobId: publicationJobId(id, version) });
    } catch (err) {
      this.logger.warn({ msg: 'could not queue the publication job; the reconciler will publish the review', reviewId: id, error: (err as Error).message });
    }
  }

  /** The payload rules (section 5), then: the teacher exists and is active, and teaches the subject. */
  private async checkPayload(body: unknown): Promise<ReviewContent> {
    const check = checkReviewPayload(body);
    if (!check.ok) throw new ApiError(400, check.detail && check.error === 'bad-request' ? { error: check.error, detail: check.detail } : { error: check.error });
    const { teachers, subjects } = await this.catalogue.get();
    const teacher = teachers.get(check.value.teacher);
    if (!teacher || teacher.archived) throw ApiError.of(400, 'wrong-teacher');
    const subject = subjects.get(check.value.subject);
    if (!subject || subject.archived || !teacher.subjectIds.includes(subject.id)) throw ApiError.of(400, 'wrong-subject');
    return toContent(check.value);
  }
}
