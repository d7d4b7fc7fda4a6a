import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { invitationAcceptBodySchema, invitationAcceptResponseSchema } from '@pupitre/contracts';
import { ApiError, zodApiSchema } from '@pupitre/server-kit';
import { AccountsService } from '../users/accounts.service';
import { AccessGuard, type AuthenticatedRequest } from '../tokens/access.guard';
import { ACCESS_ERRORS } from '../tokens/token.service';
import { TeacherInvitations } from './teacher-invitations.service';

@ApiTags('teachers')
@Controller('auth/teacher-invitations')
export class TeacherInvitationsController {
  constructor(
    @Inject(TeacherInvitations) private readonly invitations: TeacherInvitations,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  @Post('accept')
  @HttpCode(200)
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: "Links the signed-in account (the invited address) to the invitation's teacher record; refresh the token to get teacher_id.",
  })
  @ApiBody({ schema: zodApiSchema(invitationAcceptBodySchema) })
  @ApiResponse({ status: 200, schema: zodApiSchema(invitationAcceptResponseSchema) })
  async accept(@Body() body: unknown, @Req() req: AuthenticatedRequest): Promise<{ teacher_id: number }> {
    // The account first (a token of an erased account is a 401, whatever the body), then the body.
    if (!(await this.accounts.findActive(req.claims.sub))) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    const parsed = invitationAcceptBodySchema.safeParse(body);
    if (!parsed.success) throw ApiError.of(400, 'bad-request', 'expected {"token": "<the token of the e-mailed link>"}');
    // The token is 192 random bits and needs the invited account's session: nothing to guess.
    return this.invitations.accept(req.claims.sub, parsed.data.token);
  }
}
