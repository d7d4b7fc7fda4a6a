import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AccessGrant,
  accessGrantSchema,
  COOKIE_LOGOUT_PATH,
  JWKS_PATH,
  loginRequestSchema,
  REFRESH_PATH,
  refreshRequestSchema,
  type TokenPair,
  tokenPairSchema,
} from '@pupitre/contracts';
import { ApiError, securityEvent, zodApiSchema } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { type JSONWebKeySet } from 'jose';
import { proofOf, SecondFactorGate } from '../second-factor/second-factor-gate';
import { asObject, FIELD_MESSAGES, readFields, throwIfErrors } from '../shared/field-errors';
import { clientIp, ThrottleService } from '../shared/throttle.service';
import { AccountsService } from '../users/accounts.service';
import { SigningKeys } from './signing-keys.service';
import { RefreshCookie } from './refresh-cookie';
import { RefreshError, TokenService } from './token.service';

const LOGIN_FAILED = { detail: 'No active account found with the given credentials' };

@ApiTags('tokens')
@Controller()
export class TokensController {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(ThrottleService) private readonly throttle: ThrottleService,
    @Inject(SecondFactorGate) private readonly secondFactor: SecondFactorGate,
    @Inject(RefreshCookie) private readonly cookie: RefreshCookie,
  ) {}

  @Post('auth/token/')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Log in: an access token and a refresh token. With `X-Pupitre-Session: cookie` (same site only, else 403), the refresh token is set in an HttpOnly cookie and the body carries the access token alone. 401 for wrong or inactive credentials; for an account with the second factor, 401 {code: "mfa_required"} until `otp` (or `recovery_code`) comes with them, {code: "mfa_invalid"} for a wrong or used one; 429 when throttled (per address, and per e-mail and address after a few failures, passwords and codes apart).',
  })
  @ApiBody({ schema: zodApiSchema(loginRequestSchema) })
  @ApiOkResponse({ schema: zodApiSchema(tokenPairSchema.or(accessGrantSchema)) })
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TokenPair | AccessGrant> {
    const cookie = this.cookie.wanted(req);
    if (cookie) this.cookie.assertSameSite(req);
    const errors = {};
    const { email, password } = readFields(body, ['email', 'password'] as const, errors, ['password']);
    throwIfErrors(errors);
    const ip = clientIp(req);
    await this.throttle.consume(res, [['login-ip', ip]]);
    await this.throttle.loginAttempt(res, email as string, ip);
    const user = await this.accounts.authenticate(email as string, password as string, false);
    if (!user) throw new ApiError(401, LOGIN_FAILED);
    await this.throttle.loginSucceeded(email as string, ip);
    const secondFactor = await this.secondFactor.pass(user.id, proofOf(asObject(body)), req, res);
    securityEvent('sign-in-succeeded', { account: user.id, method: 'password', ...(secondFactor ? { second_factor: secondFactor } : {}) });
    const pair = await this.tokens.issuePair(user, { userAgent: req.headers['user-agent'], secondFactor: secondFactor !== null });
    return cookie ? this.cookie.deliver(res, pair) : pair;
  }

  @Post(REFRESH_PATH.replace(/^\//, ''))
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Rotate: a new pair for a refresh token, which dies. Re-using a rotated token revokes its family. The token comes from the body (older clients) or, without one, from the HttpOnly cookie (same site only, else 403); with `X-Pupitre-Session: cookie` the new refresh token goes to the cookie and the body carries the access token alone.',
  })
  @ApiBody({ schema: zodApiSchema(refreshRequestSchema.partial()) })
  @ApiOkResponse({ schema: zodApiSchema(tokenPairSchema.or(accessGrantSchema)) })
  async refresh(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TokenPair | AccessGrant> {
    const inBody = asObject(body).refresh !== undefined;
    const toCookie = this.cookie.wanted(req);
    const fromCookie = !inBody && (toCookie || this.cookie.read(req) !== undefined);
    if (toCookie || fromCookie) this.cookie.assertSameSite(req);
    let refresh: string | undefined;
    if (fromCookie) {
      refresh = this.cookie.read(req);
      if (!refresh) throw new ApiError(401, { detail: 'Token is invalid', code: 'token_not_valid' });
    } else {
      const errors = {};
      refresh = readFields(body, ['refresh'] as const, errors, ['refresh']).refresh as string;
      throwIfErrors(errors);
    }
    try {
      const pair = await this.tokens.refresh(refresh);
      return toCookie ? this.cookie.deliver(res, pair) : pair;
    } catch (err) {
      if (!(err instanceof RefreshError)) throw err;
      if (fromCookie) this.cookie.clear(res); // a dead session's cookie goes with it
      throw new ApiError(401, { detail: err.detail, code: 'token_not_valid' });
    }
  }

  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Blacklist a refresh token: 200 {}; 400 {"error": "..."} when the token is not valid.' })
  @ApiBody({ schema: zodApiSchema(refreshRequestSchema) })
  async logout(@Body() body: unknown): Promise<Record<string, never>> {
    const refresh = asObject(body).refresh;
    if (typeof refresh !== 'string' || !refresh) throw new ApiError(400, { error: `refresh: ${FIELD_MESSAGES.required}` });
    try {
      await this.tokens.revoke(refresh);
    } catch (err) {
      if (err instanceof RefreshError) throw new ApiError(400, { error: err.detail });
      throw err;
    }
    return {};
  }

  @Post(COOKIE_LOGOUT_PATH.replace(/^\//, ''))
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ends the session of the HttpOnly refresh cookie and clears it: 200 {} (also when there is no live session to end); 403 from another site.',
  })
  async logoutCookie(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Record<string, never>> {
    this.cookie.assertSameSite(req);
    const refresh = this.cookie.read(req);
    this.cookie.clear(res);
    if (refresh) {
      try {
        await this.tokens.revoke(refresh);
      } catch (err) {
        if (!(err instanceof RefreshError)) throw err; // already dead: nothing to end
      }
    }
    return {};
  }

  @Get(JWKS_PATH.replace(/^\//, ''))
  @ApiOperation({ summary: 'Public signing keys (JWKS), for local verification of access tokens by other services.' })
  jwks(@Res({ passthrough: true }) res: Response): JSONWebKeySet {
    res.setHeader('Cache-Control', 'public, max-age=300');
    return this.keys.publicSet;
  }
}
