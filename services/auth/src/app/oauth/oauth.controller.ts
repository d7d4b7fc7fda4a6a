import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type OAuthCookieExchangeResponse,
  oauthCookieExchangeResponseSchema,
  GOOGLE_LOGIN_ERROR,
  GOOGLE_UNAVAILABLE_ERROR,
  type OAuthExchangeResponse,
  oauthExchangeRequestSchema,
  oauthExchangeResponseSchema,
} from '@pupitre/contracts';
import { APP_CONFIG, ApiError, zodApiSchema } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { type AuthConfig, frontendUrl } from '../../config/auth-config';
import { proofOf } from '../second-factor/second-factor-gate';
import { asObject } from '../shared/field-errors';
import { RefreshCookie } from '../tokens/refresh-cookie';
import { GoogleSignIn } from './google-sign-in.service';

@ApiTags('google sign-in')
@Controller('auth/oauth2')
export class OAuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(GoogleSignIn) private readonly google: GoogleSignIn,
    @Inject(RefreshCookie) private readonly cookie: RefreshCookie,
  ) {}

  @Get('get-redirect')
  @ApiOperation({
    summary:
      '302 to the provider (authorization-code flow with state and PKCE S256); 302 to /auth?form=login&error=google-unavailable when not configured.',
  })
  start(@Req() req: Request, @Res() res: Response): void {
    if (!this.google.enabled) return this.fail(res, GOOGLE_UNAVAILABLE_ERROR);
    this.google.authenticate(req, res, () => this.fail(res, GOOGLE_LOGIN_ERROR));
  }

  @Get('callback')
  @ApiOperation({ summary: '302 to /google/login?code=<one-time code>, or to /auth?form=login&error=google-signin.' })
  callback(@Req() req: Request, @Res() res: Response): void {
    if (!this.google.enabled) return this.fail(res, GOOGLE_UNAVAILABLE_ERROR);
    // Without a code passport would start a new authorization: a callback must carry one.
    if (typeof req.query.code !== 'string' || typeof req.query.state !== 'string') return this.fail(res, GOOGLE_LOGIN_ERROR);
    this.google.authenticate(req, res, (user) => {
      if (!user) return this.fail(res, GOOGLE_LOGIN_ERROR);
      this.google
        .issueCode(user, req)
        .then((code) =>
          code
            ? this.redirect(res, `${frontendUrl(this.config)}/google/login?code=${encodeURIComponent(code)}`)
            : this.fail(res, GOOGLE_LOGIN_ERROR),
        )
        .catch(() => this.fail(res, GOOGLE_LOGIN_ERROR));
    });
  }

  @Post('exchange')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The one-time code of the callback (single use, 60 s, only from the browser that started the sign-in: its cookie) for {access, refresh, email}; with `X-Pupitre-Session: cookie` (same site only, else 403) {access, email} and the refresh token in its HttpOnly cookie; 400 {"error": "invalid-code"}. An account with the second factor: 401 {code: "mfa_required"} until `otp` or `recovery_code` comes with the code (kept 5 minutes for that), "mfa_invalid" for a wrong one.',
  })
  @ApiBody({ schema: zodApiSchema(oauthExchangeRequestSchema) })
  @ApiOkResponse({ schema: zodApiSchema(oauthExchangeResponseSchema.or(oauthCookieExchangeResponseSchema)) })
  async exchange(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OAuthExchangeResponse | OAuthCookieExchangeResponse> {
    const cookie = this.cookie.wanted(req);
    if (cookie) this.cookie.assertSameSite(req);
    const fields = asObject(body);
    const code = fields.code;
    const session = typeof code === 'string' ? await this.google.exchange(code, req, res, proofOf(fields)) : undefined;
    if (!session) throw ApiError.of(400, 'invalid-code');
    if (!cookie) return session;
    const { email, ...pair } = session;
    return { ...this.cookie.deliver(res, pair), email };
  }

  private fail(res: Response, marker: string): void {
    if (!res.headersSent) this.redirect(res, `${frontendUrl(this.config)}/auth?form=login&error=${marker}`);
  }

  private redirect(res: Response, location: string): void {
    // No Referer leaks the code onwards from the landing page's first request.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, location);
  }
}
