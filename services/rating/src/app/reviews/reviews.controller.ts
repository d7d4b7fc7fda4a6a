import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  idParamSchema,
  type ReviewEditView,
  reviewEditViewSchema,
  reviewPayloadSchema,
  reviewWriteResponseSchema,
} from '@pupitre/contracts';
import { ApiError, ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { z } from 'zod';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { IDEMPOTENCY_KEY_PATTERN } from '../data/idempotency-keys';
import { ReviewsService } from './reviews.service';

/** `0` (creation) is the only id POST accepts. */
const createIdSchema = z.literal('0', { message: 'reviews are created at /api/rating/0' });

@ApiTags('reviews')
@Controller('api/rating')
export class ReviewsController {
  constructor(@Inject(ReviewsService) private readonly reviews: ReviewsService) {}

  @Post(':id')
  @HttpCode(201)
  @RequireAuth()
  @ApiParam({ name: 'id', description: '0 (creation)' })
  @ApiBody({ schema: zodApiSchema(reviewPayloadSchema) })
  @ApiCreatedResponse({ description: 'Stored pending; public after the validation delay', schema: zodApiSchema(reviewWriteResponseSchema) })
  @ApiConflictResponse({ description: '{"error": "duplicate-review"}' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: '8-128 of [A-Za-z0-9_-]: a retry with the same key gets the original 201',
  })
  create(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentUser() user: AuthUser,
    @Headers('idempotency-key') key?: string,
  ): Promise<{ message: string; id: number }> {
    if (!createIdSchema.safeParse(id).success) {
      if (!idParamSchema.safeParse(id).success) throw ApiError.of(400, 'bad-request', 'expected a review id');
      throw ApiError.of(404, 'not-found');
    }
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw ApiError.of(400, 'bad-request', 'Idempotency-Key: 8-128 letters, digits, - or _');
    return this.reviews.create(user, body, key);
  }

  @Get(':id')
  @RequireAuth()
  @ApiOkResponse({ description: 'The edit form of the author', schema: zodApiSchema(reviewEditViewSchema) })
  @ApiNotFoundResponse({ description: 'No such review, or not yours (answered alike: no existence oracle)' })
  get(@Param('id', new ZodValidationPipe(idParamSchema)) id: number, @CurrentUser() user: AuthUser): Promise<ReviewEditView> {
    return this.reviews.forEdit(user, id);
  }

  @Put(':id')
  @RequireAuth()
  @ApiBody({ schema: zodApiSchema(reviewPayloadSchema) })
  @ApiOkResponse({ description: 'The new version is validated again before it is public', schema: zodApiSchema(reviewWriteResponseSchema) })
  edit(
    @Param('id', new ZodValidationPipe(idParamSchema)) id: number,
    @Body() body: unknown,
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string; id: number }> {
    return this.reviews.edit(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireAuth()
  @ApiNoContentResponse({ description: 'The author deleted the review: gone from every page, its votes, favourites and reports with it' })
  @ApiNotFoundResponse({ description: 'No such review, or not yours (answered alike: no existence oracle)' })
  async remove(@Param('id', new ZodValidationPipe(idParamSchema)) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.reviews.remove(user, id);
  }
}
