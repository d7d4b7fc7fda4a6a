import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ACCOUNT_EXPORT_FILENAME,
  type AccountDataExport,
  accountDataExportSchema,
  deleteAccountRequestSchema,
  emailRequestSchema,
  type FieldErrors,
  signupLanguage,
  resetConfirmRequestSchema,
  setPasswordRequestSchema,
  signupRequestSchema,
  uidTokenSchema,
  type UserSummary,
  userSummarySchema,
} from '@pupitre/contracts';
import { ApiError, zodApiSchema } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { AccessGuard, type AuthenticatedRequest } from '../tokens/access.guard';
import { ACCESS_ERRORS } from '../tokens/token.service';
import { asObject, FIELD_MESSAGES, isValidEmail, readFields, throwIfErrors } from '../shared/field-errors';
import { AuthAbuseSignals } from '../shared/auth-abuse-signals';
import { clientIp, ThrottleService } from '../shared/throttle.service';
import { AccountsService } from './accounts.service';
import { AccountSessions } from '../sessions/account-sessions.service';
import { SecondFactors } from '../second-factor/second-factors.service';

@ApiTags('accounts')
@Controller('auth/manage/users')
export class UsersController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(ThrottleService) private readonly throttle: ThrottleService,
    @Inject(AuthAbuseSignals) private readonly signals: AuthAbuseSignals,
    @Inject(SecondFactors) private readonly secondFactors: SecondFactors,
    @Inject(AccountSessions) private readonly sessions: AccountSessions,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Sign up: 201 {email, id}; the account is inactive until the e-mailed link is opened. 400 field maps.' })
  @ApiBody({ schema: zodApiSchema(signupRequestSchema) })
  @ApiResponse({ status: 201, schema: zodApiSchema(userSummarySchema) })
  async signup(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserSummary> {
    await this.throttle.consume(res, [['signup-ip', clientIp(req)]]);
    const errors: FieldErrors = {};
    const fields = readFields(body, ['email', 'password', 're_password'] as const, errors, ['password', 're_password']);
    if (fields.email !== undefined) {
      if (!isValidEmail(fields.email)) errors.email = [FIELD_MESSAGES.invalidEmail];
      else if (await this.accounts.emailTaken(fields.email)) errors.email = [FIELD_MESSAGES.emailTaken];
    }
    throwIfErrors(errors);
    const lang = signupLanguage(asObject(body).lang);
    // Many accounts from one address (a school's network shares one: a signal to look at, never a refusal).
    void this.signals.observe('signup-burst', clientIp(req));
    return this.accounts.signup({
      email: fields.email as string,
      password: fields.password as string,
      re_password: fields.re_password as string,
      lang,
    });
  }

  @Post('activation/')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activate with the e-mailed uid and token: 204; 400 {uid|token: [...]}; 403 when already active.' })
  @ApiBody({ schema: zodApiSchema(uidTokenSchema) })
  async activate(@Body() body: unknown): Promise<void> {
    const errors: FieldErrors = {};
    const { uid, token } = readFields(body, ['uid', 'token'] as const, errors);
    throwIfErrors(errors);
    await this.accounts.activate(uid as string, token as string);
  }

  @Post('resend_activation/')
  @HttpCode(204)
  @ApiOperation({ summary: 'Send the activation e-mail again: 204 whatever the e-mail (no account enumeration); 400 bad format.' })
  @ApiBody({ schema: zodApiSchema(emailRequestSchema) })
  async resendActivation(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const email = this.readEmail(body);
    await this.throttle.consume(res, [['resend-ip', clientIp(req)]]);
    await this.accounts.resendActivation(email);
  }

  @Post('reset_password/')
  @HttpCode(204)
  @ApiOperation({ summary: 'Ask for a password-reset e-mail: 204 whatever the e-mail; the mail goes only to an active account.' })
  @ApiBody({ schema: zodApiSchema(emailRequestSchema) })
  async resetPassword(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const email = this.readEmail(body);
    await this.throttle.consume(res, [['reset-ip', clientIp(req)]]);
    await this.accounts.requestReset(email);
  }

  @Post('reset_password_confirm/')
  @HttpCode(204)
  @ApiOperation({ summary: 'Set a new password with the e-mailed uid and token: 204; the link, other links and every session die.' })
  @ApiBody({ schema: zodApiSchema(resetConfirmRequestSchema) })
  async resetPasswordConfirm(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const errors: FieldErrors = {};
    const fields = readFields(body, ['uid', 'token', 'new_password', 're_new_password'] as const, errors, [
      'new_password',
      're_new_password',
    ]);
    throwIfErrors(errors);
    await this.accounts.confirmReset(fields as Required<typeof fields>, { userAgent: req.headers['user-agent'] });
  }

  @Get('me/')
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in account: {email, id}.' })
  @ApiResponse({ status: 200, schema: zodApiSchema(userSummarySchema) })
  async me(@Req() req: AuthenticatedRequest): Promise<UserSummary> {
    const user = await this.accounts.findActive(req.claims.sub);
    if (!user) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    return { email: user.email, id: user.id };
  }

  @Get('me/export/')
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @Header('Content-Disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`)
  @ApiOperation({
    summary:
      "The caller's account, for their copy of their data: e-mail, language, dates, roles, Google link, second factor on or off, live sessions as /settings lists them, known-device count. Never a secret.",
  })
  @ApiResponse({ status: 200, schema: zodApiSchema(accountDataExportSchema) })
  async exportData(@Req() req: AuthenticatedRequest): Promise<AccountDataExport> {
    const userId = req.claims.sub;
    const account = await this.accounts.exportOf(userId);
    if (!account) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    const [secondFactor, sessions] = await Promise.all([this.secondFactors.isEnabled(userId), this.sessions.list(userId, req.claims.sid)]);
    return {
      ...account,
      second_factor_enabled: secondFactor,
      sessions: sessions.map((s) => ({
        device: s.device,
        signed_in_month: s.signedInMonth,
        last_used_day: s.lastUsedDay,
        current: s.current,
      })),
    };
  }

  @Post('set_password/')
  @HttpCode(204)
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Change the password with the current one: 204; the other sessions end, this one goes on. 400 for a wrong current password (backed off like sign-in: 429), a weak or mismatched new one.',
  })
  @ApiBody({ schema: zodApiSchema(setPasswordRequestSchema) })
  async setPassword(@Body() body: unknown, @Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    // A token of no account is answered as on every Bearer endpoint, whatever the body.
    if (!(await this.accounts.findActive(req.claims.sub))) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    const errors: FieldErrors = {};
    const fields = readFields(body, ['current_password', 'new_password', 're_new_password'] as const, errors, [
      'current_password',
      'new_password',
      're_new_password',
    ]);
    throwIfErrors(errors);
    // Guessing the current password here is guessing a password: the sign-in back-off, keyed by the account.
    const key = `account:${req.claims.sub}`;
    const ip = clientIp(req);
    await this.throttle.loginAttempt(res, key, ip);
    await this.accounts.changePassword(req.claims.sub, req.claims.sid, fields as Required<typeof fields>, {
      userAgent: req.headers['user-agent'],
    });
    await this.throttle.loginSucceeded(key, ip);
  }

  @Delete('me/')
  @HttpCode(204)
  @UseGuards(AccessGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Erase the account (current_password required): 204; the rating service erases the personal data it holds.' })
  @ApiBody({ schema: zodApiSchema(deleteAccountRequestSchema) })
  async deleteMe(@Body() body: unknown, @Req() req: AuthenticatedRequest): Promise<void> {
    const errors: FieldErrors = {};
    const { current_password } = readFields(body, ['current_password'] as const, errors, ['current_password']);
    throwIfErrors(errors);
    await this.accounts.deleteAccount(req.claims.sub, current_password as string);
  }

  private readEmail(body: unknown): string {
    const errors: FieldErrors = {};
    const { email } = readFields(body, ['email'] as const, errors);
    if (email !== undefined && !isValidEmail(email)) errors.email = [FIELD_MESSAGES.invalidEmail];
    throwIfErrors(errors);
    return email as string;
  }
}
