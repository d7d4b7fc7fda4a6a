import { Inject, Injectable } from '@nestjs/common';
import { type ObjectionView, type OwnReply, type TeacherSpace } from '@pupitre/contracts';
import { ApiError, APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { type AuthUser } from '../auth/token-verifier';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ObjectionStore } from '../data/objection-store';
import { ReviewStore } from '../data/review-store';
import { TaskStore } from '../data/task-store';
import { PublicationProducer } from '../publication/publication-producer.service';
import { PublicLists } from '../reading/public-lists';
import { publicMonth } from '../reading/review-view';
import { replied, type ReplyRefusal } from '../reviews/reply';
import { objectionView, ownReply } from './views';

const REFUSALS: Record<ReplyRefusal, [403 | 404 | 409, string]> = {
  'not-found': [404, 'not-found'],
  'not-your-review': [403, 'not-your-review'],
  'already-replied': [409, 'already-replied'],
};

/** A linked teacher's space, his replies (one per review, checked like a review) and his objection to being listed. */
/** The teacher's space lists at most this many of his public reviews, newest first. */
const SPACE_REVIEWS = 200;

@Injectable()
export class TeacherVoiceService {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicLists) private readonly lists: PublicLists,
    @Inject(PublicationProducer) private readonly producer: PublicationProducer,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  private async teacherOf(user: AuthUser) {
    const teacher = (await this.catalogue.get()).teachers.get(user.teacherId!);
    if (!teacher) throw ApiError.of(403, 'forbidden', 'the linked teacher record no longer exists');
    return teacher;
  }

  async space(user: AuthUser): Promise<TeacherSpace> {
    const teacher = await this.teacherOf(user);
    const [objection, { subjects }] = await Promise.all([this.objections.get(teacher.id), this.catalogue.get()]);
    return {
      teacher: { id: teacher.id, prefix: teacher.prefix, name: teacher.name },
      listed: !teacher.delisted,
      objection: objection ? objectionView(objection, teacher) : null,
      reviews: (await this.lists.reviewsOf(teacher.id, SPACE_REVIEWS)).flatMap((r) =>
        r.pub
          ? [
              {
                id: r.id,
                tot_rating: r.pub.tot_rating,
                text_rating: r.pub.text_rating ?? '',
                subject: subjects.get(r.pub.subjectId)?.name ?? '',
                created_at: publicMonth(r.createdAt),
                reply: r.reply ? ownReply(r.reply) : null,
              },
            ]
          : [],
      ),
    };
  }

  /** One reply to review `reviewId` (about this teacher, public), written on the review; validated when due. */
  async reply(user: AuthUser, reviewId: number, text: string): Promise<{ id: number; reply: OwnReply }> {
    const teacher = await this.teacherOf(user);
    if (teacher.delisted) throw ApiError.of(404, 'not-found');
    const now = new Date();
    const publishAt = new Date(now.getTime() + this.config.REVIEW_VALIDATION_DELAY);
    await this.tasks.add(reviewId, publishAt, 'reply'); // on the to-do list first (its own task: a review's stays as it is)
    let refusal: ReplyRefusal | null = 'not-found';
    const write = await this.reviews.change(reviewId, (current) => {
      const result = replied(current, user.id, teacher.id, text, now, publishAt);
      if ('refused' in result) {
        refusal = result.refused;
        return null;
      }
      refusal = null;
      return result.doc;
    });
    if (!write || refusal) {
      const [status, key] = REFUSALS[refusal ?? 'not-found'];
      throw ApiError.of(status, key);
    }
    await this.producer.schedule(reviewId, write.after.version, publishAt, `-reply-${now.getTime()}`);
    return { id: reviewId, reply: ownReply(write.after.reply!) };
  }

  /** The teacher objects to being listed: an open objection for the moderators (409 while one is open or accepted). */
  async object(user: AuthUser, reasons: string): Promise<ObjectionView> {
    const teacher = await this.teacherOf(user);
    const doc = await this.objections.open({
      teacherId: teacher.id,
      userId: user.id,
      reasons,
      state: 'open',
      at: new Date(),
      decidedAt: null,
      reason: null,
      reasonText: null,
      eraseAfter: null,
    });
    if (!doc) throw ApiError.of(409, 'objection-exists');
    return objectionView(doc, teacher);
  }
}
