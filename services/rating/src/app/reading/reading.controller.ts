import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { type Response } from 'express';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { communityQuerySchema, idParamSchema } from '@pupitre/contracts';
import { APP_CONFIG, ApiError, ZodValidationPipe } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { type AuthUser } from '../auth/token-verifier';
import { CurrentUser, OptionalAuth } from '../auth/auth.guard';
import { appendToJsonArray, asJson, jsonOnce } from '../cache/json-body';
import { CatalogueSnapshot } from '../teachers/catalogue-snapshot';
import { CommunityService } from './community.service';

@ApiTags('reviews')
@Controller('api')
export class ReadingController {
  constructor(
    @Inject(CommunityService) private readonly community: CommunityService,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  @Get('rating/community')
  @OptionalAuth()
  @ApiQuery({ name: 'limit', required: false, description: 'Reviews per category (1-50, default COMMUNITY_PER_CATEGORY)' })
  @ApiOkResponse({ description: 'Categories recent, highest, lowest, relevant (empty ones left out), then the caller\'s state per review' })
  async list(
    @Query(new ZodValidationPipe(communityQuerySchema)) query: { limit?: number },
    @CurrentUser() user: AuthUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const blocks = await this.community.community(query.limit ?? this.config.COMMUNITY_PER_CATEGORY);
    return asJson(res, appendToJsonArray(jsonOnce(blocks), await this.community.userStateJson(user?.id ?? null, blocks)));
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
    const catalogue = await this.catalogue.get();
    if (!catalogue.teachers.has(id)) throw ApiError.of(404, 'not-found');
    const blocks = await this.community.teacherReviews(id, query.limit ?? this.config.COMMUNITY_PER_CATEGORY);
    return asJson(res, appendToJsonArray(jsonOnce(blocks), await this.community.userStateJson(user?.id ?? null, blocks)));
  }
}
