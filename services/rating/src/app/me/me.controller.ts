import { Controller, Get, Inject } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type Me, meSchema, type MyReport, myReportSchema, type MyReview, myReviewSchema, type PublicReview, publicReviewSchema } from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { z } from 'zod';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { ProfilesService } from '../auth/profiles.service';
import { type AuthUser } from '../auth/token-verifier';
import { authorReason, authorStatus, hasShownAt, isPublicAt, PublicationCore } from '../core/publication-core';
import { pairKey, reviewOid } from '../data/keys';
import { Favorite, Report } from '../data/social.schema';
import { relatablePercent, toPublicReview } from '../reading/review-view';
import { Review } from '../reviews/review.schema';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';
import { roundToOneDecimal } from '../teachers/ranking/bayesian-ranking';

/** The signed-in user's own data (routed to this service by the gateway: /auth/me*). */
@ApiTags('me')
@Controller('auth/me')
export class MeController {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(Favorite.name) private readonly favorites: Model<Favorite>,
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
    @Inject(PublicationCore) private readonly publication: PublicationCore,
  ) {}

  /** Reviews by `_id` (FerretDB pushes nothing else down), in parallel; missing ones left out. */
  private async byIds(ids: number[], keep: (r: Review) => boolean): Promise<Review[]> {
    const docs = await Promise.all(ids.map((id) => this.reviews.findOne({ _id: reviewOid(id) }).lean<Review>().exec()));
    return docs.filter((d): d is Review => d !== null && keep(d));
  }

  /** The user's own reviews, from their index (checked against each review's author). */
  private async own(userId: string): Promise<Review[]> {
    const { reviews } = await this.publication.users.get(userId);
    return this.byIds(reviews, (r) => r.authorId === userId);
  }

  /**
   * num and average over the user's published reviews (their public version), popularity = percent
   * of "relatable" among the votes on them (0 without votes), since = join date (see ProfilesService).
   */
  @Get()
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(meSchema) })
  async me(@CurrentUser() user: AuthUser): Promise<Me> {
    const [mine, since] = await Promise.all([
      this.own(user.id).then((all) => all.filter((r) => hasShownAt(r.pub, new Date()))),
      this.profiles.since(user),
    ]);
    const num = mine.length;
    const sum = mine.reduce((s, r) => s + (r.pub?.tot_rating ?? 0), 0);
    const up = mine.reduce((s, r) => s + (r.relUp ?? 0), 0);
    const total = mine.reduce((s, r) => s + (r.relTotal ?? 0), 0);
    return { num, average: num ? roundToOneDecimal(sum / num) : null, popularity: relatablePercent(up, total), since: since.toISOString() };
  }

  /** The user's favourite reviews that are public, latest favourite first. */
  @Get('favorites')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(publicReviewSchema)) })
  async favoriteReviews(@CurrentUser() user: AuthUser): Promise<PublicReview[]> {
    const index = await this.publication.users.get(user.id);
    const favorites = (
      await Promise.all(index.favorites.map((id) => this.favorites.findOne({ _id: pairKey(id, user.id) }, { _id: 0, reviewId: 1, createdAt: 1 }).lean().exec()))
    )
      .filter((f) => f !== null)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
      .slice(0, 500);
    const ids = favorites.map((f) => f.reviewId);
    const [docs, catalogue] = await Promise.all([this.byIds(ids, (r) => isPublicAt(r, new Date())), this.catalogue.get()]);
    const byId = new Map(docs.map((d) => [d.id, d]));
    return ids.flatMap((id) => {
      const d = byId.get(id);
      return d?.pub ? [toPublicReview(d, d.pub, catalogue)] : [];
    });
  }

  /** Every review of the user, latest version, with its status (and the reason when held or rejected). */
  @Get('reviews')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(myReviewSchema)) })
  async myReviews(@CurrentUser() user: AuthUser): Promise<MyReview[]> {
    const [docs, catalogue] = await Promise.all([
      this.own(user.id).then((all) => all.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id).slice(0, 1000)),
      this.catalogue.get(),
    ]);
    const now = new Date();
    return docs.map((d) => {
      const status = authorStatus(d, now);
      const reason = authorReason(d);
      return { ...toPublicReview(d, d, catalogue), status, ...(reason && (status === 'rejected' || status === 'held') ? { reason } : {}) };
    });
  }

  /**
   * The reports the user made, newest first, with the moderators' outcome and statement of reasons
   * (notice and statement of reasons, DSA art. 16–17). Never who wrote the review.
   */
  @Get('reports')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(z.array(myReportSchema)) })
  async myReports(@CurrentUser() user: AuthUser): Promise<MyReport[]> {
    const [reports, catalogue] = await Promise.all([
      this.reports.find({ userId: user.id }, { _id: 0, reviewId: 1, content: 1, dismissed: 1, outcome: 1, reason: 1, decidedAt: 1, createdAt: 1 }).sort({ createdAt: -1 }).limit(500).lean<Report[]>().exec(),
      this.catalogue.get(),
    ]);
    const reviews = new Map((await this.byIds([...new Set(reports.map((r) => r.reviewId))], () => true)).map((r) => [r.id, r]));
    return reports.map((r) => {
      const teacherId = reviews.get(r.reviewId)?.teacherId;
      const teacher = teacherId === undefined ? undefined : catalogue.teachers.get(teacherId);
      return {
        review_id: r.reviewId,
        teacher: teacher ? { id: teacher.id, prefix: teacher.prefix, name: teacher.name } : null,
        content: r.content,
        created_at: new Date(r.createdAt).toISOString(),
        outcome: r.outcome ?? (r.dismissed ? 'kept' : 'open'),
        reason: r.reason ?? null,
        decided_at: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      };
    });
  }
}
