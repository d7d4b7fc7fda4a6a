import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  type Me,
  meSchema,
  type MyReport,
  myReportSchema,
  type MyReview,
  myReviewSchema,
  type PublicReview,
  publicReviewSchema,
} from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { z } from 'zod';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { ProfilesService } from '../auth/profiles.service';
import { type AuthUser } from '../auth/token-verifier';
import { ReviewStore } from '../data/review-store';
import { UserStore } from '../data/user-store';
import { relatablePercent, toAuthorReview, toPublicReview } from '../reading/review-view';
import { authorReason, authorReasonText, authorStatus, publicAtOf } from '../reviews/review';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { releaseScheduleOf } from '../../config/release-env';
import { nextRelease, type ReleaseSchedule } from '../publication/release-schedule';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { roundToOneDecimal } from '../teachers/ranking/bayesian-ranking';

/** The signed-in user's own data (/auth/me*, routed here by the gateway): their index, then each review it names, checked. */
@ApiTags('me')
@Controller('auth/me')
export class MeController {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
    @Inject(APP_CONFIG) config: RatingConfig,
  ) {
    this.schedule = releaseScheduleOf(config);
  }

  private readonly schedule: ReleaseSchedule;

  /** num and average over the user's public reviews, popularity = percent of "relatable" among the votes on them, since = join date. */
  @Get()
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(meSchema) })
  async me(@CurrentUser() user: AuthUser): Promise<Me> {
    const [index, since] = await Promise.all([this.users.get(user.id), this.profiles.since(user)]);
    const mine = (await this.reviews.getMany(index.reviews)).filter((r) => r.authorId === user.id && r.visible && r.pub);
    const num = mine.length;
    const sum = mine.reduce((s, r) => s + r.pub!.tot_rating, 0);
    const up = mine.reduce((s, r) => s + (r.relUp ?? 0), 0);
    const total = mine.reduce((s, r) => s + (r.relTotal ?? 0), 0);
    return { num, average: num ? roundToOneDecimal(sum / num) : null, popularity: relatablePercent(up, total), since: since.toISOString() };
  }

  @Get('favorites')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(publicReviewSchema)) })
  async favoriteReviews(@CurrentUser() user: AuthUser): Promise<PublicReview[]> {
    const ids = [...(await this.users.get(user.id)).favorites].reverse().slice(0, 500);
    const [docs, catalogue] = await Promise.all([this.reviews.getMany(ids), this.catalogue.get()]);
    return docs
      .filter((d) => d.visible && d.pub && !catalogue.delisted.has(d.pub.teacherId))
      .map((d) => toPublicReview(d, d.pub!, catalogue));
  }

  /** Every review of the user, latest version, with its status (and the reason when held or rejected). */
  @Get('reviews')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(myReviewSchema)) })
  async myReviews(@CurrentUser() user: AuthUser): Promise<MyReview[]> {
    const [index, catalogue] = await Promise.all([this.users.get(user.id), this.catalogue.get()]);
    const docs = (await this.reviews.getMany(index.reviews))
      .filter((r) => r.authorId === user.id)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id)
      .slice(0, 1000);
    return docs.map((d) => {
      // A review of a delisted teacher is no longer public: its author reads why.
      const delisted = catalogue.delisted.has(d.teacherId) && authorStatus(d) === 'published';
      const status = delisted ? 'held' : authorStatus(d);
      const reason = delisted ? 'teacher-delisted' : authorReason(d);
      const text = authorReasonText(d);
      const publicAt = publicAtOf(d, (at) => nextRelease(this.schedule, at));
      return {
        ...toAuthorReview(d, d, catalogue),
        status,
        ...(reason && (status === 'rejected' || status === 'held') ? { reason } : {}),
        ...(text ? { reason_text: text } : {}),
        ...(publicAt ? { public_at: publicAt.toISOString() } : {}),
      };
    });
  }

  // The reports the user made, newest first, with the moderators' outcome and statement of reasons
  // (notice and statement of reasons, DSA art. 16–17). Never who wrote the review.
  @Get('reports')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(myReportSchema)) })
  async myReports(@CurrentUser() user: AuthUser): Promise<MyReport[]> {
    const [index, catalogue] = await Promise.all([this.users.get(user.id), this.catalogue.get()]);
    const docs = await this.reviews.getMany(index.reported.slice(-500));
    return docs
      .flatMap((doc) => doc.reports.filter((r) => r.userId === user.id).map((report) => ({ doc, report })))
      .sort((a, b) => new Date(b.report.at).getTime() - new Date(a.report.at).getTime())
      .map(({ doc, report }) => {
        const teacher = catalogue.teachers.get(doc.teacherId);
        return {
          review_id: doc.id,
          teacher: teacher ? { id: teacher.id, prefix: teacher.prefix, name: teacher.name } : null,
          content: report.content,
          created_at: new Date(report.at).toISOString(),
          outcome: report.outcome,
          reason: report.reason ?? null,
          ...(report.reasonText ? { reason_text: report.reasonText } : {}),
          notify: report.notify ?? false,
          decided_at: report.decidedAt ? new Date(report.decidedAt).toISOString() : null,
        };
      });
  }
}
