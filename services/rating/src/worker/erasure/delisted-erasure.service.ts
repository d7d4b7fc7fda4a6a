import { Inject, Injectable, Logger } from '@nestjs/common';
import { CatalogueStore } from '../../app/data/catalogue-store';
import { ObjectionStore } from '../../app/data/objection-store';
import { ReviewStore } from '../../app/data/review-store';
import { TaskStore } from '../../app/data/task-store';
import { TeacherStatsStore } from '../../app/data/teacher-stats-store';
import { UserStore } from '../../app/data/user-store';

/** At the end of a delisted teacher's retention period: his reviews (their ids out of users' favourites and reports), objection and record go (the record last, so it is idempotent). */
@Injectable()
export class DelistedErasureService {
  private readonly logger = new Logger('DelistedErasure');

  constructor(
    @Inject(CatalogueStore) private readonly catalogue: CatalogueStore,
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TaskStore) private readonly tasks: TaskStore,
    @Inject(ObjectionStore) private readonly objections: ObjectionStore,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
    @Inject(UserStore) private readonly users: UserStore,
  ) {}

  async eraseDue(now = new Date()): Promise<{ teachers: number; reviews: number }> {
    const due = await this.catalogue.dueForErasure(now);
    let reviews = 0;
    for (const teacherId of due) {
      const ids = await this.reviews.idsOf({ teacherId });
      for (const id of ids) {
        if (await this.reviews.remove(id, (doc) => doc.teacherId === teacherId)) reviews++;
        await this.tasks.done(id);
        await this.users.forgetReview(id);
      }
      await this.objections.remove(teacherId);
      await this.stats.remove(teacherId);
      await this.catalogue.eraseTeacher(teacherId);
      this.logger.log({ msg: 'delisted teacher erased', teacherId, reviews: ids.length });
    }
    return { teachers: due.length, reviews };
  }
}
