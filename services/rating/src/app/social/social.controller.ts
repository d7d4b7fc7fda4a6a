import { Body, Controller, Delete, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  favoriteBodySchema,
  idParamSchema,
  reportBodySchema,
  voteBodySchema,
  type VoteResponse,
  voteResponseSchema,
} from '@pupitre/contracts';
import { ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { RatingAbuseSignals } from '../abuse/rating-abuse-signals';
import { type AuthUser } from '../auth/token-verifier';
import { SocialService } from './social.service';

const idPipe = () => new ZodValidationPipe(idParamSchema);

@ApiTags('votes, favourites, reports')
@Controller('api')
export class SocialController {
  constructor(
    @Inject(SocialService) private readonly social: SocialService,
    @Inject(RatingAbuseSignals) private readonly signals: RatingAbuseSignals,
  ) {}

  @Post('relatable/:id')
  @HttpCode(200)
  @RequireAuth()
  @ApiBody({ schema: zodApiSchema(voteBodySchema) })
  @ApiOkResponse({ schema: zodApiSchema(voteResponseSchema) })
  @ApiNotFoundResponse({ description: 'No such public review' })
  vote(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(voteBodySchema)) body: { value: boolean | null },
    @CurrentUser() user: AuthUser,
  ): Promise<VoteResponse> {
    return body.value === null ? this.social.unvote(user.id, id) : this.social.vote(user.id, id, body.value);
  }

  @Delete('relatable/:id')
  @RequireAuth()
  @ApiOkResponse({ schema: zodApiSchema(voteResponseSchema) })
  unvote(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<VoteResponse> {
    return this.social.unvote(user.id, id);
  }

  @Post('rating/:id/favorite')
  @HttpCode(200)
  @RequireAuth()
  @ApiBody({ schema: zodApiSchema(favoriteBodySchema) })
  favorite(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(favoriteBodySchema)) body: { value: boolean },
    @CurrentUser() user: AuthUser,
  ): Promise<{ value: boolean }> {
    return this.social.setFavorite(user.id, id, body.value);
  }

  @Delete('rating/:id/favorite')
  @HttpCode(204)
  @RequireAuth()
  async unfavorite(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.social.removeFavorite(user.id, id);
  }

  @Post('rating/:id/report')
  @HttpCode(201)
  @RequireAuth()
  @ApiBody({ schema: zodApiSchema(reportBodySchema) })
  @ApiConflictResponse({ description: '{"error": "already-reported"}' })
  @ApiForbiddenResponse({ description: 'One\'s own review: {"error": "forbidden"}' })
  async report(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(reportBodySchema)) body: { content: string; notify?: boolean },
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string }> {
    const teacherId = await this.social.report(user, id, body.content, body.notify ?? false);
    // Many reports on one teacher's reviews: a campaign to take them down (the teacher's id is public; the reporter is not named).
    void this.signals.observe('mass-reporting', `teacher:${teacherId}`, { teacherId });
    return { message: 'Report received' };
  }
}
