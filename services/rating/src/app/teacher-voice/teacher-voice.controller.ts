import { Body, Controller, Get, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  idParamSchema,
  objectionBodySchema,
  type ObjectionView,
  objectionViewSchema,
  type OwnReply,
  replyBodySchema,
  type TeacherSpace,
  teacherSpaceSchema,
} from '@pupitre/contracts';
import { summarizeZodError, ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { CurrentUser, RequireTeacher } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { TeacherVoiceService } from './teacher-voice.service';

/** A reply's text outside its character set answers its own key (the form says which characters). */
function replyPipe() {
  return new ZodValidationPipe(replyBodySchema, (error) =>
    error.issues.some((i) => i.message === 'reply-forbidden-characters')
      ? { error: 'reply-forbidden-characters' }
      : { error: 'bad-request', detail: summarizeZodError(error) },
  );
}

/** The linked teacher's own endpoints (`teacher` role with a `teacher_id`; 403 `forbidden` otherwise). */
@ApiTags('teachers: reply and objection')
@Controller('api')
@RequireTeacher()
export class TeacherVoiceController {
  constructor(@Inject(TeacherVoiceService) private readonly voice: TeacherVoiceService) {}

  @Get('teacher-space')
  @ApiOkResponse({ schema: zodApiSchema(teacherSpaceSchema) })
  space(@CurrentUser() user: AuthUser): Promise<TeacherSpace> {
    return this.voice.space(user);
  }

  @Post('teacher-space/objection')
  @ApiBody({ schema: zodApiSchema(objectionBodySchema) })
  @ApiOkResponse({ schema: zodApiSchema(objectionViewSchema) })
  object(
    @Body(new ZodValidationPipe(objectionBodySchema)) body: { reasons: string },
    @CurrentUser() user: AuthUser,
  ): Promise<ObjectionView> {
    return this.voice.object(user, body.reasons);
  }

  @Post('rating/:id/reply')
  @ApiBody({ schema: zodApiSchema(replyBodySchema) })
  reply(
    @Param('id', new ZodValidationPipe(idParamSchema)) id: number,
    @Body(replyPipe()) body: { text: string },
    @CurrentUser() user: AuthUser,
  ): Promise<{ id: number; reply: OwnReply }> {
    return this.voice.reply(user, id, body.text);
  }
}
