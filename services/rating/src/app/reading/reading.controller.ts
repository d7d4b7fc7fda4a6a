import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { type Response } from 'express';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { communityQuerySchema, idParamSchema } from '@pupitre/contracts';
import { APP_CONFIG, ApiError, ZodValidationPipe } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { CurrentUser, OptionalAuth } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { UserStore } from '../data/user-store';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { asJson, type JsonAnswer, withLast } from './json-body';
import { type Lists, PublicLists } from './public-lists';

/** The community page and a teacher's reviews (public-lists.ts), then the caller's vote and favourite per listed review. */
@ApiTags('reviews')
@Controller('api')
export class ReadingController {
  constructor(
    @Inject(PublicLists) private readonly lists: PublicLists,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  @Get('rating/community')
  @OptionalAuth()
  @ApiQuery({ name: 'limit', required: false, description: 'Reviews per category (1-50, default COMMUNITY_PER_CATEGORY)' })
  @ApiOkResponse({ description: "Categories recent, highest, lowest, relevant (empty ones left out), then the caller's state per review" })
  async list(
    @Query(new ZodValidationPipe(communityQuerySchema)) query: { limit?: number },
    @CurrentUser() user: AuthUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const lists = await this.lists.lists(query.limit ?? this.config.COMMUNITY_PER_CATEGORY);
    return asJson(res, await this.answer(lists, user));
  }

  @Get('teacher/:id/reviews')
  @OptionalAuth()
  @ApiQuery({ name: 'limit', required: false })
  @ApiOkResponse({ description: 'Same shape as the community, for one teacher' })
  async teacherReviews(
    @Param('id', new ZodValidationPipe(idParamSchema)) id: number,
    @Query(new ZodValidationPipe(communityQuerySchema)) query: { limit?: number },
    @CurrentUser() user: AuthUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const teacher = (await this.catalogue.get()).teachers.get(id);
    if (!teacher || teacher.delisted) throw ApiError.of(404, 'not-found');
    const lists = await this.lists.lists(query.limit ?? this.config.COMMUNITY_PER_CATEGORY, id);
    return asJson(res, await this.answer(lists, user));
  }

  /** The lists, then the caller's state per review; signed out, the same answer for every reader, made once per lists. */
  private async answer(lists: Lists, user: AuthUser | null): Promise<string | JsonAnswer> {
    if (!user) return lists.answer;
    const favourites = new Set((await this.users.get(user.id)).favorites);
    return withLast(lists.answer, JSON.stringify(await this.lists.userState(lists.ids, user.id, favourites)));
  }
}
