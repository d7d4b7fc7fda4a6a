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
import { AccountSessions } from './account-sessions.service';

/** The caller's own sessions, for /settings: list them, end one, end all the others. */
@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(AccessGuard)
@Controller('auth/sessions')
export class AccountSessionsController {
  constructor(@Inject(AccountSessions) private readonly sessions: AccountSessions) {}

  @Get()
  @ApiOperation({
    summary:
      "The caller's live sessions, most recently used first (at most 50): device family, browser, system, sign-in month, last use to the day; `current` marks this one.",
  })
  @ApiResponse({ status: 200, schema: zodApiSchema(accountSessionListSchema) })
  list(@Req() req: AuthenticatedRequest): Promise<AccountSession[]> {
    return this.sessions.list(req.claims.sub, req.claims.sid);
  }

  @Post('end-others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends every session of the caller but this one: 200 {ended}; 400 when the token names no session.' })
  @ApiResponse({ status: 200, schema: zodApiSchema(endOtherSessionsResponseSchema) })
  async endOthers(@Req() req: AuthenticatedRequest): Promise<{ ended: number }> {
    if (!req.claims.sid) throw new ApiError(400, { ...SESSION_UNKNOWN });
    return { ended: await this.sessions.endOthers(req.claims.sub, req.claims.sid) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: "Ends one of the caller's sessions: 204; 404 when the caller has no such live session (another account's alike).",
  })
  async end(@Req() req: AuthenticatedRequest, @Param('id') id: string): Promise<void> {
    if (!(await this.sessions.end(req.claims.sub, id))) throw new ApiError(404, { ...SESSION_NOT_FOUND });
  }
}
