import { Inject, Injectable } from '@nestjs/common';
import {
  type AccessGrant,
  COOKIE_TRANSPORT,
  CROSS_SITE_ERROR,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_TRANSPORT_HEADER,
  type TokenPair,
} from '@pupitre/contracts';
import { APP_CONFIG, ApiError } from '@pupitre/server-kit';
import { type CookieOptions, type Request, type Response } from 'express';
import { decodeJwt } from 'jose';
import { type AuthConfig, frontendUrl } from '../../config/auth-config';
import { readCookie } from '../shared/cookies';

/**
 * The refresh token of a browser session, out of JavaScript's reach (issue #38, docs/decisions/0013):
 * an HttpOnly, SameSite=Strict cookie scoped to /auth/token/ (refresh and the cookie logout only),
 * Secure whenever the site is served over HTTPS or runs in production. A client asks for it with
 * `X-Pupitre-Session: cookie`; without that header the pair travels in the body as it always did.
 * Every endpoint that reads or sets the cookie first refuses a request from another site.
 */
@Injectable()
export class RefreshCookie {
  private readonly origins: ReadonlySet<string>;
  private readonly options: CookieOptions;

  constructor(@Inject(APP_CONFIG) config: AuthConfig) {
    this.origins = new Set([new URL(frontendUrl(config)).origin, new URL(config.PUBLIC_URL).origin]);
    const secure = config.NODE_ENV === 'production' || new URL(config.PUBLIC_URL).protocol === 'https:';
    this.options = { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE_PATH };
  }

  /** The client asked for a cookie-held session. */
  wanted(req: Request): boolean {
    return req.get(SESSION_TRANSPORT_HEADER)?.trim().toLowerCase() === COOKIE_TRANSPORT;
  }

  /** The refresh token the browser holds, if any. */
  read(req: Request): string | undefined {
    return readCookie(req, REFRESH_COOKIE) || undefined;
  }

  /**
   * 403 unless the request comes from this site: `Sec-Fetch-Site: same-origin` where the browser
   * sends it, else an `Origin` of the site. A request with neither is not a browser's fetch, and a
   * cookie session is only ever a browser's. (The 403 is in the security log, as every 403 is.)
   */
  assertSameSite(req: Request): void {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const sameSite = site !== undefined ? site === 'same-origin' : origin !== undefined && this.origins.has(origin);
    if (sameSite) return;
    throw ApiError.of(403, CROSS_SITE_ERROR);
  }

  /** Sets the cookie to the pair's refresh token (until it expires) and answers the access token alone. */
  deliver(res: Response, pair: TokenPair): AccessGrant {
    const exp = decodeJwt(pair.refresh).exp;
    const maxAge = exp ? Math.max(0, exp * 1000 - Date.now()) : undefined;
    res.cookie(REFRESH_COOKIE, pair.refresh, { ...this.options, ...(maxAge !== undefined ? { maxAge } : {}) });
    res.setHeader('Cache-Control', 'no-store');
    return { access: pair.access };
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.options);
  }
}
