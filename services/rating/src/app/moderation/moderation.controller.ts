import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import {
  idParamSchema,
  type ModerationActionView,
  type ModerationQueueItem,
  type PublicationHealth,
  moderationNoteBodySchema,
  type ModerationRejectBody,
  moderationRejectBodySchema,
} from '@pupitre/contracts';
import { ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { CurrentUser, RequireModerator } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { ModerationService } from './moderation.service';
import { PublicationHealthService } from './publication-health';

const idPipe = () => new ZodValidationPipe(idParamSchema);
/** approve takes an optional `{note, text}` (the statement of reasons the reporters see); no body is fine. */
const notePipe = () => new ZodValidationPipe(moderationNoteBodySchema.optional().transform((body) => body ?? {}));

@ApiTags('moderation (moderator, admin)')
@Controller('api/moderation')
@RequireModerator()
export class ModerationController {
  constructor(
    @Inject(ModerationService) private readonly moderation: ModerationService,
    @Inject(PublicationHealthService) private readonly publication: PublicationHealthService,
  ) {}

  /** The publication's health: the overdue tasks that failed (retried with back-off), how many, the next try of each. */
  @Get('health')
  health(@CurrentUser() user: AuthUser): Promise<PublicationHealth> {
    return this.publication.health(user);
  }

  @Get('queue')
  queue(@CurrentUser() user: AuthUser): Promise<ModerationQueueItem[]> {
    return this.moderation.queue(user);
  }

  /** The latest decisions (30 days, at most 100), newest first. */
  @Get('actions')
  recent(@CurrentUser() user: AuthUser): Promise<ModerationActionView[]> {
    return this.moderation.recent(user);
  }

  @Get('reviews/:id/actions')
  history(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser): Promise<ModerationActionView[]> {
    return this.moderation.history(user, id);
  }

  @Post('reviews/:id/approve')
  @HttpCode(200)
  @ApiBody({ required: false, schema: zodApiSchema(moderationNoteBodySchema) })
  approve(@Param('id', idPipe()) id: number, @Body(notePipe()) body: { note?: string; text?: string }, @CurrentUser() user: AuthUser) {
    return this.moderation.act(user, id, 'approve', { reason: body.note || null, text: body.text ?? null });
  }

  @Post('reviews/:id/reject')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(moderationRejectBodySchema) })
  reject(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(moderationRejectBodySchema)) body: ModerationRejectBody,
    @CurrentUser() user: AuthUser,
  ) {
    return this.moderation.act(user, id, 'reject', { reason: body.reason, text: body.text ?? null });
  }

  @Post('reviews/:id/restore')
  @HttpCode(200)
  restore(@Param('id', idPipe()) id: number, @CurrentUser() user: AuthUser) {
    return this.moderation.act(user, id, 'restore');
  }
}
