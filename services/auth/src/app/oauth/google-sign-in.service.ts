import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Language, type OAuthExchangeResponse } from '@pupitre/contracts';
import { APP_CONFIG, ApiError, securityEvent } from '@pupitre/server-kit';
import { type CookieOptions, type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Passport } from 'passport';
import { type Profile, Strategy as GoogleStrategy, type VerifyCallback } from 'passport-google-oauth20';
import { type AuthConfig } from '../../config/auth-config';
import { SecondFactorGate } from '../second-factor/second-factor-gate';
import { type Proof } from '../second-factor/second-factors.service';
import { readCookie } from '../shared/cookies';
import { AUTH_REDIS } from '../shared/redis.provider';
import { TokenService } from '../tokens/token.service';
import { AccountsService, type AuthUser } from '../users/accounts.service';

const STATE_COOKIE = 'pupitre_oauth_state';
/** Names the browser that started a sign-in; the one-time code is only exchanged with it. */
const BROWSER_COOKIE = 'pupitre_oauth_browser';
const STATE_TTL_MS = 10 * 60_000;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

const sameText = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Google sign-in with passport-google-oauth20 (authorization-code flow with PKCE S256). `state` is
 * random, kept in Redis for 10 minutes with the PKCE code_verifier AND in an HttpOnly cookie of the
 * browser that started, so a callback is only accepted in that browser, once. Success hands the
 * front end a one-time code (never tokens) that POST /auth/oauth2/exchange turns into a session, in
 * that same browser only: the code is bound to a second HttpOnly cookie (`SameSite=Lax`, path
 * `/auth`, set at get-redirect), so a code that leaks (logs, history, a forced redirect) is useless
 * elsewhere.
 */
/** How long a one-time code lives once its account was asked for the second factor: time to type a code. */
const OAUTH_MFA_CODE_TTL = 5 * 60_000;

@Injectable()
export class GoogleSignIn {
  private readonly logger = new Logger('GoogleSignIn');
  readonly passport?: InstanceType<typeof Passport>;
  private browserCookie: CookieOptions = {};

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_REDIS) private readonly redis: Redis,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(SecondFactorGate) private readonly secondFactor: SecondFactorGate,
  ) {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return;
    this.passport = new Passport();
    const secure = new URL(config.PUBLIC_URL).protocol === 'https:';
    this.browserCookie = { httpOnly: true, sameSite: 'lax', secure, path: '/auth', maxAge: STATE_TTL_MS };
    // passport-oauth2's state store with PKCE: `store` keeps the code_verifier under the state,
    // `verify` hands it back (as `ok`) so the strategy sends it with the code.
    const store = {
      store: (req: Request, verifier: string, _state: unknown, _meta: unknown, done: (err: Error | null, state?: string) => void) => {
        const state = randomBytes(24).toString('base64url');
        this.redis
          .set(`oauth-state:${sha256(state)}`, verifier, 'PX', STATE_TTL_MS)
          .then(() => {
            req.res?.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: '/auth/oauth2', maxAge: STATE_TTL_MS });
            req.res?.cookie(BROWSER_COOKIE, randomBytes(32).toString('base64url'), this.browserCookie);
            done(null, state);
          })
          .catch((err: Error) => done(err));
      },
      verify: (
        req: Request,
        state: string,
        _meta: unknown,
        done: (err: Error | null, ok: string | false, info?: { message: string }) => void,
      ) => {
        const cookie = readCookie(req, STATE_COOKIE);
        req.res?.clearCookie(STATE_COOKIE, { path: '/auth/oauth2' });
        if (!state || typeof state !== 'string' || cookie !== state) return done(null, false, { message: 'state mismatch' });
        this.redis
          .getdel(`oauth-state:${sha256(state)}`)
          .then((verifier) => (verifier ? done(null, verifier) : done(null, false, { message: 'state expired or used' })))
          .catch((err: Error) => done(err, false));
      },
    };
    this.passport.use(
      'google',
      new GoogleStrategy(
        {
          clientID: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          callbackURL: `${config.PUBLIC_URL.replace(/\/+$/, '')}/auth/oauth2/callback`,
          authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
          tokenURL: config.GOOGLE_TOKEN_URL,
          userProfileURL: config.GOOGLE_USERINFO_URL,
          scope: ['openid', 'email', 'profile'],
          pkce: true, // S256
          state: true,
          store: store as never,
        },
        (_access: string, _refresh: string, profile: Profile, done: VerifyCallback) => {
          this.verifyProfile(profile)
            .then((user) => done(null, user))
            .catch((err: Error) => done(err));
        },
      ),
    );
  }

  get enabled(): boolean {
    return this.passport !== undefined;
  }

  /** Runs the strategy; `done` gets the account, or undefined with a reason. */
  authenticate(req: Request, res: Response, done: (user: AuthUser | undefined, reason?: string) => void): void {
    this.passport?.authenticate('google', { session: false }, (err: Error | null, user: AuthUser | false, info?: { message?: string }) => {
      if (err) this.logger.warn({ msg: 'Google sign-in failed', error: err.message });
      done(user || undefined, err?.message ?? info?.message);
    })(req, res, (err?: unknown) => done(undefined, String(err)));
  }

  /** A one-time code for the front end, valid OAUTH_CODE_TTL, for the browser of this callback; undefined without its cookie. */
  async issueCode(user: AuthUser, req: Request): Promise<string | undefined> {
    const browser = readCookie(req, BROWSER_COOKIE);
    if (!browser) return undefined;
    const code = randomBytes(32).toString('base64url');
    await this.redis.set(
      `oauth-code:${sha256(code)}`,
      JSON.stringify({ userId: user.id, browser: sha256(browser) }),
      'PX',
      this.config.OAUTH_CODE_TTL,
    );
    return code;
  }

  /**
   * POST /auth/oauth2/exchange: the code (single use) for a session, or undefined. Only from the
   * browser the code was issued to; a wrong or missing browser cookie does not use the code up.
   * For an account with the second factor the code is used only with a right `otp` or
   * `recovery_code` (401 `mfa_required` / `mfa_invalid` otherwise, the code kept for another try,
   * its life extended to OAUTH_MFA_CODE_TTL for typing).
   */
  async exchange(code: string, req: Request, res: Response, proof: Proof = {}): Promise<OAuthExchangeResponse | undefined> {
    const browser = readCookie(req, BROWSER_COOKIE);
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(code) || !browser) return undefined;
    const key = `oauth-code:${sha256(code)}`;
    const bound = (value: string | null) => value !== null && sameText(codeRecord(value)?.browser ?? '', sha256(browser));
    const stored = await this.redis.get(key);
    if (!bound(stored)) return undefined;
    const user = await this.accounts.findActive(codeRecord(stored as string)?.userId ?? '');
    if (!user) return undefined;
    let secondFactor: Awaited<ReturnType<SecondFactorGate['pass']>>;
    try {
      secondFactor = await this.secondFactor.pass(user.id, proof, req, res);
    } catch (err) {
      if (err instanceof ApiError && err.getStatus() === 401) await this.redis.pexpire(key, OAUTH_MFA_CODE_TTL);
      throw err;
    }
    const taken = await this.redis.getdel(key);
    if (!bound(taken) || codeRecord(taken as string)?.userId !== user.id) return undefined;
    res.clearCookie(BROWSER_COOKIE, { path: '/auth' });
    securityEvent('sign-in-succeeded', { account: user.id, method: 'google', ...(secondFactor ? { second_factor: secondFactor } : {}) });
    return {
      ...(await this.tokens.issuePair(user, { userAgent: req.headers['user-agent'], secondFactor: secondFactor !== null })),
      email: user.email,
    };
  }

  private async verifyProfile(profile: Profile): Promise<AuthUser | false> {
    const email = profile.emails?.[0];
    const verified = (email as { verified?: unknown } | undefined)?.verified;
    if (!email?.value || !(verified === true || verified === 'true') || !profile.id) {
      this.logger.warn({ msg: 'Google sign-in refused: no verified e-mail in the profile' });
      return false;
    }
    const locale = String((profile._json as { locale?: unknown } | undefined)?.locale ?? '').slice(0, 2);
    const lang: Language = locale === 'es' || locale === 'en' ? locale : 'fr';
    const user = await this.accounts.fromGoogle({ sub: profile.id, email: email.value, lang });
    if ('error' in user) {
      this.logger.warn({ msg: `Google sign-in refused: ${user.error}` });
      return false;
    }
    return user;
  }
}

function codeRecord(value: string): { userId: string; browser: string } | undefined {
  try {
    const parsed = JSON.parse(value) as { userId?: unknown; browser?: unknown };
    return typeof parsed.userId === 'string' && typeof parsed.browser === 'string'
      ? { userId: parsed.userId, browser: parsed.browser }
      : undefined;
  } catch {
    return undefined;
  }
}
