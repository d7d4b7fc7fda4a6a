import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type RecoveryCodes,
  recoveryCodesSchema,
  secondFactorCodeRequestSchema,
  secondFactorDisableRequestSchema,
  type SecondFactorEnrolment,
  secondFactorEnrolmentSchema,
  secondFactorEnrolRequestSchema,
  type SecondFactorStatus,
  secondFactorStatusSchema,
} from '@pupitre/contracts';
import { ApiError, zodApiSchema } from '@pupitre/server-kit';
import { type Response } from 'express';
import { asObject } from '../shared/field-errors';
import { clientIp, ThrottleService } from '../shared/throttle.service';
import { AccessGuard, type AuthenticatedRequest } from '../tokens/access.guard';
import { ACCESS_ERRORS } from '../tokens/token.service';
import { AccountsService } from '../users/accounts.service';
import { codeThrottleKey, type Proof, SecondFactors } from './second-factors.service';

/**
 * The signed-in account's second factor: status, enrolment (QR code, then a first code), disabling
 * and new recovery codes. Every code or password typed here is backed off like a sign-in.
 */
@ApiTags('second factor')
@ApiBearerAuth()
@UseGuards(AccessGuard)
@Controller('auth/second-factor')
export class SecondFactorController {
  constructor(
    @Inject(SecondFactors) private readonly factors: SecondFactors,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(ThrottleService) private readonly throttle: ThrottleService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Whether the second factor is on, and how many recovery codes are left.' })
  @ApiResponse({ status: 200, schema: zodApiSchema(secondFactorStatusSchema) })
  async status(@Req() req: AuthenticatedRequest): Promise<SecondFactorStatus> {
    await this.account(req);
    return this.factors.status(req.claims.sub);
  }

  @Post('enrolment')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start (or restart) an enrolment, with the current password when the account has one: the secret, its otpauth:// URL and QR code (SVG data URL). 400 wrong-password, already-enabled.',
  })
  @ApiBody({ schema: zodApiSchema(secondFactorEnrolRequestSchema) })
  @ApiResponse({ status: 200, schema: zodApiSchema(secondFactorEnrolmentSchema) })
  async enrol(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SecondFactorEnrolment> {
    const userId = req.claims.sub;
    const account = await this.account(req);
    if (account.password) {
      // A stolen session alone cannot enrol a factor of its own: the password is asked, and guessing it is backed off.
      const password = asObject(body).password;
      const key = `account:${userId}`;
      await this.throttle.loginAttempt(res, key, clientIp(req));
      if (typeof password !== 'string' || !(await this.accounts.hasher.verify(password, account.password)))
        throw ApiError.of(400, 'wrong-password', 'the current password is wrong');
      await this.throttle.loginSucceeded(key, clientIp(req));
    }
    return this.factors.startEnrolment(userId, account.email);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn it on with a first code: the 10 recovery codes, shown this once. 400 invalid-code, no-enrolment.' })
  @ApiBody({ schema: zodApiSchema(secondFactorCodeRequestSchema) })
  @ApiResponse({ status: 200, schema: zodApiSchema(recoveryCodesSchema) })
  async confirm(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodes> {
    return this.throttled(req, res, () => this.factors.confirm(req.claims.sub, asObject(body).code));
  }

  @Post('disable')
  @HttpCode(204)
  @ApiOperation({ summary: 'Turn it off with a current code (`code`) or a recovery code (`recovery_code`): 204. 400 invalid-code.' })
  @ApiBody({ schema: zodApiSchema(secondFactorDisableRequestSchema) })
  async disable(@Body() body: unknown, @Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    const fields = asObject(body);
    const proof: Proof = { otp: fields.code ?? fields.otp, recovery_code: fields.recovery_code };
    await this.throttled(req, res, () => this.factors.disable(req.claims.sub, proof));
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'New recovery codes (the old ones die), with a current code: shown this once. 400 invalid-code.' })
  @ApiBody({ schema: zodApiSchema(secondFactorCodeRequestSchema) })
  @ApiResponse({ status: 200, schema: zodApiSchema(recoveryCodesSchema) })
  async regenerate(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodes> {
    return this.throttled(req, res, () => this.factors.regenerateRecoveryCodes(req.claims.sub, asObject(body).code));
  }

  /** The token's account, active: a token of no account (or of a deleted one) is answered as on every Bearer endpoint. */
  private async account(req: AuthenticatedRequest): Promise<{ email: string; password: string | null }> {
    const account = await this.accounts.credentialsOf(req.claims.sub);
    if (!account) throw new ApiError(401, { ...ACCESS_ERRORS.userNotFound });
    return account;
  }

  /** A code typed here is a guess like a sign-in's: the same back-off, keyed by the account and the address. */
  private async throttled<T>(req: AuthenticatedRequest, res: Response, work: () => Promise<T>): Promise<T> {
    await this.account(req);
    const key = codeThrottleKey(req.claims.sub);
    const ip = clientIp(req);
    await this.throttle.loginAttempt(res, key, ip);
    const result = await work();
    await this.throttle.loginSucceeded(key, ip);
    return result;
  }
}
