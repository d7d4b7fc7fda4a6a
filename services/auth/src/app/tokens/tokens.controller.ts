import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JWKS_PATH, loginRequestSchema, refreshRequestSchema, type TokenPair, tokenPairSchema } from '@pupitre/contracts';
import { ApiError, zodApiSchema } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { type JSONWebKeySet } from 'jose';
import { asObject, FIELD_MESSAGES, readFields, throwIfErrors } from '../shared/field-errors';
import { clientIp, ThrottleService } from '../shared/throttle.service';
import { AccountsService } from '../users/accounts.service';
import { SigningKeys } from './signing-keys.service';
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
  ) {}

  @Post('auth/token/')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Log in: an access token and a refresh token. 401 for wrong or inactive credentials; 429 when throttled (per address, and per e-mail and address after a few failures).',
  })
  @ApiBody({ schema: zodApiSchema(loginRequestSchema) })
  @ApiOkResponse({ schema: zodApiSchema(tokenPairSchema) })
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TokenPair> {
    const errors = {};
    const { email, password } = readFields(body, ['email', 'password'] as const, errors, ['password']);
    throwIfErrors(errors);
    const ip = clientIp(req);
    await this.throttle.consume(res, [['login-ip', ip]]);
    await this.throttle.loginAttempt(res, email as string, ip);
    const user = await this.accounts.authenticate(email as string, password as string);
    if (!user) throw new ApiError(401, LOGIN_FAILED);
    await this.throttle.loginSucceeded(email as string, ip);
    return this.tokens.issuePair(user, { userAgent: req.headers['user-agent'] });
  }

  @Post('auth/token/refresh/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate: a new pair for a refresh token, which dies. Re-using a rotated token revokes its family.' })
  @ApiBody({ schema: zodApiSchema(refreshRequestSchema) })
  @ApiOkResponse({ schema: zodApiSchema(tokenPairSchema) })
  async refresh(@Body() body: unknown): Promise<TokenPair> {
    const errors = {};
    const { refresh } = readFields(body, ['refresh'] as const, errors, ['refresh']);
    throwIfErrors(errors);
    try {
      return await this.tokens.refresh(refresh as string);
    } catch (err) {
      if (err instanceof RefreshError) throw new ApiError(401, { detail: err.detail, code: 'token_not_valid' });
      throw err;
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

  @Get(JWKS_PATH.replace(/^\//, ''))
  @ApiOperation({ summary: 'Public signing keys (JWKS), for local verification of access tokens by other services.' })
  jwks(@Res({ passthrough: true }) res: Response): JSONWebKeySet {
    res.setHeader('Cache-Control', 'public, max-age=300');
    return this.keys.publicSet;
  }
}
