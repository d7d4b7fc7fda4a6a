import { Inject, Injectable } from '@nestjs/common';
import {
  canModerate,
  type CheckedReview,
  checkReviewPayload,
  REVIEW_ANSWER_KEYS,
  type ReviewEditView,
  REVIEW_GRADE_KEYS,
} from '@pupitre/contracts';
import { ApiError, APP_CONFIG, isDuplicateKey } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { releaseScheduleOf } from '../../config/release-env';
import { nextRelease, type ReleaseSchedule } from '../publication/release-schedule';
import { type AuthUser } from '../auth/token-verifier';
import { IdempotencyKeys } from '../data/idempotency-keys';
import { newReviewId } from '../data/review-ids';
import { reviewOid } from '../data/keys';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { UserStore } from '../data/user-store';
import { PublicationProducer } from '../publication/publication-producer.service';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { authorReason, authorReasonText, authorStatus, edited, newReview, publicAtOf, type ReviewContent, sameContent } from './review';

export function toContent(p: CheckedReview): ReviewContent {
  return {
    teacherId: p.teacher,
    subjectId: p.subject,
    year: p.year,
    tot_rating: p.tot_rating,
    grades: p.grades,
    flags: p.answers,
    text_rating: p.text_rating,
  };
}

// A new version is stored `pending` until `publishAt` (REVIEW_VALIDATION_DELAY), on the to-do list first, and a delayed job
// validates it when due (the reconciler catches a lost job).
@Injectable()
export class ReviewsService {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicationProducer) private readonly producer: PublicationProducer,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {
    this.schedule = releaseScheduleOf(config);
  }

  private readonly schedule: ReleaseSchedule;

  // POST /api/rating/0. With an idempotency key, a retry (after a lost answer, a crash midway) gets
  // the original answer: the key is claimed with the review's id before the review is written.
  async create(user: AuthUser, body: unknown, idempotencyKey?: string): Promise<{ message: string; id: number }> {
    const created = (id: number) => ({ message: 'Review created: it will be public after its validation', id });
    const known = idempotencyKey ? await this.keys.find(user.id, idempotencyKey) : null;
    if (known !== null && (await this.isAuthorOf(user.id, known))) return created(known);
    const content = await this.checkPayload(body);
    let id = known ?? newReviewId();
    if (idempotencyKey && known === null) {
      id = await this.keys.claim(user.id, idempotencyKey, id);
      if (await this.isAuthorOf(user.id, id)) return created(id); // a twin request finished first
    }
    const now = new Date();
    const publishAt = new Date(now.getTime() + this.config.REVIEW_VALIDATION_DELAY);
    // On the to-do list and the author's index first: a crash after the insert loses nothing.
    await this.tasks.add(id, publishAt);
    await this.users.add(user.id, 'reviews', id);
    try {
      await this.reviews.insert(newReview(id, reviewOid(id), user.id, content, now, publishAt));
    } catch (err) {
      // Written or not? A duplicate key, or the database down or restarting (the commit's answer lost): ask the database.
      const written = await this.isAuthorOf(user.id, id).catch(() => null);
      if (written && isDuplicateKey(err)) return created(id); // a twin request wrote it
      // Certainly not written: its id leaves the author's index and the to-do list (their pages read every id listed).
      // Not known (the database still away): both stay; the reconciler drops the task of a review that does not exist.
      if (written === false) {
        await this.users.pull(user.id, 'reviews', id).catch(() => undefined);
        await this.tasks.done(id).catch(() => undefined);
      }
      if (isDuplicateKey(err)) throw ApiError.of(409, 'duplicate-review');
      if (!written) throw err;
      // Written after all (only its answer was lost): it goes on as any other create.
    }
    await this.producer.schedule(id, 1, publishAt);
    return created(id);
  }

  private async isAuthorOf(userId: string, id: number): Promise<boolean> {
    return (await this.reviews.get(id))?.authorId === userId;
  }

  async forEdit(user: AuthUser, id: number): Promise<ReviewEditView> {
    const review = await this.reviews.get(id);
    const isCreator = review?.authorId === user.id;
    // Someone else's review is answered as a missing one: no existence oracle (docs/threat-model.md).
    // A moderator linked to the reviewed teacher is no moderator of it (a conflict of interest).
    const moderates = canModerate(user.roles) && review?.teacherId !== user.teacherId;
    if (!review || (!isCreator && !moderates)) throw ApiError.of(404, 'not-found');
    const status = authorStatus(review);
    const reason = authorReason(review);
    const text = authorReasonText(review);
    const publicAt = publicAtOf(review, (at) => nextRelease(this.schedule, at));
    return {
      id: review.id,
      teacher: review.teacherId,
      subject: review.subjectId,
      // A moderator reading someone else's review is not told the class year (docs/threat-model.md): -1, "not shown".
      year: isCreator ? review.year : -1,
      grades: { ...review.grades, ...review.flags },
      tot_rating: review.tot_rating,
      text_rating: review.text_rating ?? '',
      is_creator: isCreator,
      status,
      ...(reason && status !== 'published' && status !== 'pending' ? { reason } : {}),
      ...(text ? { reason_text: text } : {}),
      ...(isCreator && publicAt ? { public_at: publicAt.toISOString() } : {}),
    };
  }

  /** PUT /api/rating/{id}: a new version, validated again; the public version stays meanwhile. */
  async edit(user: AuthUser, id: number, body: unknown): Promise<{ message: string; id: number }> {
    const current = await this.reviews.get(id);
    if (current?.authorId !== user.id) throw ApiError.of(404, 'not-found'); // someone else's: as a missing one
    const content = await this.checkPayload(body);
    const publishAt = new Date(Date.now() + this.config.REVIEW_VALIDATION_DELAY);
    await this.tasks.add(id, publishAt); // on the to-do list first (a crash after the write loses nothing)
    let write;
    try {
      write = await this.reviews.change(id, (doc) => {
        if (doc.authorId !== user.id) throw ApiError.of(404, 'not-found');
        if (sameContent(doc, content, REVIEW_GRADE_KEYS, REVIEW_ANSWER_KEYS)) throw ApiError.of(400, 'ReviewFormIdentical');
        return edited(doc, content, publishAt);
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw ApiError.of(409, 'duplicate-review');
      throw err;
    }
    if (!write) throw ApiError.of(404, 'not-found');
    await this.producer.schedule(id, write.after.version, publishAt);
    return { message: 'Review modified: the new version will be public after its validation', id };
  }

  // DELETE /api/rating/{id}: the author takes the review down for good, with its votes and reports
  // (they live in its document); then its id leaves the author's index and everyone's favourites and reports.
  async remove(user: AuthUser, id: number): Promise<void> {
    const current = await this.reviews.get(id);
    if (current?.authorId !== user.id) throw ApiError.of(404, 'not-found'); // someone else's: as a missing one
    const removed = await this.reviews.remove(id, (doc) => doc.authorId === user.id);
    if (!removed) throw ApiError.of(404, 'not-found');
    await this.tasks.done(id);
    await this.users.pull(user.id, 'reviews', id);
    await this.users.forgetReview(id);
  }

  /** The payload rules (section 5), then: the teacher exists and is active, and teaches the subject. */
  private async checkPayload(body: unknown): Promise<ReviewContent> {
    const check = checkReviewPayload(body);
    if (!check.ok)
      throw new ApiError(
        400,
        check.detail && check.error === 'bad-request' ? { error: check.error, detail: check.detail } : { error: check.error },
      );
    const { teachers, subjects } = await this.catalogue.get();
    const teacher = teachers.get(check.value.teacher);
    if (!teacher || teacher.archived || teacher.delisted) throw ApiError.of(400, 'wrong-teacher');
    const subject = subjects.get(check.value.subject);
    if (!subject || subject.archived || !teacher.subjectIds.includes(subject.id)) throw ApiError.of(400, 'wrong-subject');
    return toContent(check.value);
  }
}
