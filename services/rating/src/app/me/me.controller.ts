import { Controller, Get, Inject } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type Me, meSchema, type MyReview, myReviewSchema, type PublicReview, publicReviewSchema } from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { z } from 'zod';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { ProfilesService } from '../auth/profiles.service';
import { type AuthUser } from '../auth/token-verifier';
import { Favorite } from '../data/social.schema';
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
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
  ) {}

  /**
   * num and average over the user's published reviews (their public version), popularity = percent
   * of "relatable" among the votes on them (0 without votes), since = join date (see ProfilesService).
   */
  @Get()
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(meSchema) })
  async me(@CurrentUser() user: AuthUser): Promise<Me> {
    const [mine, since] = await Promise.all([
      this.reviews.find({ authorId: user.id, pub: { $ne: null } }, { _id: 0, pub: 1, relUp: 1, relTotal: 1 }).lean().exec(),
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
    const favorites = await this.favorites.find({ userId: user.id }, { _id: 0, reviewId: 1 }).sort({ createdAt: -1 }).limit(500).lean().exec();
    const ids = favorites.map((f) => f.reviewId);
    const [docs, catalogue] = await Promise.all([
      this.reviews.find({ id: { $in: ids }, visible: true }, { _id: 0, id: 1, pub: 1, relUp: 1, relTotal: 1, createdAt: 1 }).lean<Review[]>().exec(),
      this.catalogue.get(),
    ]);
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
      this.reviews.find({ authorId: user.id }).sort({ createdAt: -1 }).limit(1000).lean<Review[]>().exec(),
      this.catalogue.get(),
    ]);
    return docs.map((d) => ({
      ...toPublicReview(d, d, catalogue),
      status: d.status,
      ...(d.reason && (d.status === 'rejected' || d.status === 'held') ? { reason: d.reason } : {}),
    }));
  }
}
