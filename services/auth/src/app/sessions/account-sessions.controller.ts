import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type AccountSession,
  accountSessionListSchema,
  endOtherSessionsResponseSchema,
  SESSION_NOT_FOUND,
  SESSION_UNKNOWN,
} from '@pupitre/contracts';
import { ApiError, zodApiSchema } from '@pupitre/server-kit';
import { AccessGuard, type AuthenticatedRequest } from '../tokens/access.guard';
import { ACCESS_ERRORS } from '../tokens/token.service';
import { AccountsService } from '../users/accounts.service';
import { AccountSessions } from './account-sessions.service';

/** The caller's own sessions, for /settings: list them, end one, end all the others. */
@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(AccessGuard)
@Controller('auth/sessions')
export class AccountSessionsController {
  constructor(
    @Inject(AccountSessions) private readonly sessions: AccountSessions,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  /** A token of no account (deleted, deactivated) is answered as on every Bearer endpoint: 401. */
  private async caller(req: AuthenticatedRequest): Promise<string> {
    if (!(await this.accounts.findActive(req.claims.sub))) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    return req.claims.sub;
  }

  @Get()
  @ApiOperation({
    summary:
      "The caller's live sessions, most recently used first (at most 50): device family, browser, system, sign-in month, last use to the day; `current` marks this one.",
  })
  @ApiResponse({ status: 200, schema: zodApiSchema(accountSessionListSchema) })
  async list(@Req() req: AuthenticatedRequest): Promise<AccountSession[]> {
    return this.sessions.list(await this.caller(req), req.claims.sid);
  }

  @Post('end-others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends every session of the caller but this one: 200 {ended}; 400 when the token names no session.' })
  @ApiResponse({ status: 200, schema: zodApiSchema(endOtherSessionsResponseSchema) })
  async endOthers(@Req() req: AuthenticatedRequest): Promise<{ ended: number }> {
    const userId = await this.caller(req);
    if (!req.claims.sid) throw new ApiError(400, { ...SESSION_UNKNOWN });
    return { ended: await this.sessions.endOthers(userId, req.claims.sid) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: "Ends one of the caller's sessions: 204; 404 when the caller has no such live session (another account's alike).",
  })
  async end(@Req() req: AuthenticatedRequest, @Param('id') id: string): Promise<void> {
    if (!(await this.sessions.end(await this.caller(req), id))) throw new ApiError(404, { ...SESSION_NOT_FOUND });
  }
}
