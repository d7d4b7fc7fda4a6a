import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { invitationAcceptBodySchema, invitationAcceptResponseSchema } from '@pupitre/contracts';
import { ZodValidationPipe, zodApiSchema } from '@pupitre/server-kit';
import { AccessGuard, type AuthenticatedRequest } from '../tokens/access.guard';
import { TeacherInvitations } from './teacher-invitations.service';

@ApiTags('teachers')
@Controller('auth/teacher-invitations')
export class TeacherInvitationsController {
  constructor(@Inject(TeacherInvitations) private readonly invitations: TeacherInvitations) {}

  @Post('accept')
  @HttpCode(200)
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: "Links the signed-in account (the invited address) to the invitation's teacher record; refresh the token to get teacher_id.",
  })
  @ApiBody({ schema: zodApiSchema(invitationAcceptBodySchema) })
  @ApiResponse({ status: 200, schema: zodApiSchema(invitationAcceptResponseSchema) })
  async accept(
    @Body(new ZodValidationPipe(invitationAcceptBodySchema)) body: { token: string },
    @Req() req: AuthenticatedRequest,
  ): Promise<{ teacher_id: number }> {
    // The token is 192 random bits and needs the invited account's session: nothing to guess.
    return this.invitations.accept(req.claims.sub, body.token);
  }
}
