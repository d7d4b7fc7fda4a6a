import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import {
  idParamSchema,
  type Language,
  moderationNoteBodySchema,
  type ModerationRejectBody,
  moderationRejectBodySchema,
  objectionAcceptBodySchema,
  objectionRefuseBodySchema,
  type ObjectionView,
  teacherInviteBodySchema,
} from '@pupitre/contracts';
import { ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { CurrentUser, RequireModerator } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { TeacherModerationService } from './teacher-moderation.service';

const idPipe = () => new ZodValidationPipe(idParamSchema);
const notePipe = () => new ZodValidationPipe(moderationNoteBodySchema.optional().transform((body) => body ?? {}));

/** Moderators (and admins): teacher invitations, held replies, objections. */
@ApiTags('moderation (moderator, admin)')
@Controller('api/moderation')
@RequireModerator()
export class TeacherModerationController {
  constructor(@Inject(TeacherModerationService) private readonly moderation: TeacherModerationService) {}

  @Post('teachers/:id/invite')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(teacherInviteBodySchema) })
  invite(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(teacherInviteBodySchema)) body: { email: string; lang: Language },
    @CurrentUser() user: AuthUser,
  ) {
    return this.moderation.invite(user.id, id, body.email, body.lang);
  }

  @Post('reviews/:id/reply/approve')
  @HttpCode(200)
  @ApiBody({ required: false, schema: zodApiSchema(moderationNoteBodySchema) })
  approveReply(@Param('id', idPipe()) id: number, @Body(notePipe()) body: { note?: string; text?: string }, @CurrentUser() user: AuthUser) {
    return this.moderation.decideReply(user, id, 'approve', { reason: body.note || null, text: body.text ?? null });
  }

  @Post('reviews/:id/reply/reject')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(moderationRejectBodySchema) })
  rejectReply(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(moderationRejectBodySchema)) body: ModerationRejectBody,
    @CurrentUser() user: AuthUser,
  ) {
    return this.moderation.decideReply(user, id, 'reject', { reason: body.reason, text: body.text ?? null });
  }

  @Get('objections')
  objections(@CurrentUser() user: AuthUser): Promise<ObjectionView[]> {
    return this.moderation.openObjections(user);
  }

  @Post('objections/:id/accept')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(objectionAcceptBodySchema) })
  accept(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(objectionAcceptBodySchema)) body: { reason: string; text?: string },
    @CurrentUser() user: AuthUser,
  ): Promise<ObjectionView> {
    return this.moderation.decideObjection(user, id, 'accept', { reason: body.reason, text: body.text ?? null });
  }

  @Post('objections/:id/refuse')
  @HttpCode(200)
  @ApiBody({ schema: zodApiSchema(objectionRefuseBodySchema) })
  refuse(
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(objectionRefuseBodySchema)) body: { reason: string; text?: string },
    @CurrentUser() user: AuthUser,
  ): Promise<ObjectionView> {
    return this.moderation.decideObjection(user, id, 'refuse', { reason: body.reason, text: body.text ?? null });
  }
}
