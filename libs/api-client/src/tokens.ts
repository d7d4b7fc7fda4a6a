// Access-token refresh (spec, sections 4 and 9): at start-up when the access token expires within
// 300 s (or has expired), again before expiry while the page stays open, and before any
// authenticated request that would otherwise leave with an expiring token.
// The refresh token rotates (the auth service kills the old one, and re-using a rotated token
// revokes the whole family), so a refresh is single-flight: within the page one promise is shared,
// and across tabs a Web Lock serialises them; inside the lock the session is read again, so a tab
// that waited sees the new tokens another tab stored and does not spend the old refresh token.
import { clearSession, forgetUser, getSession, subscribe, updateSession, type Session } from '@pupitre/session';
import { request, setBeforeAuthenticatedRequest } from './client';
import { dropCopies } from './offline-copies';

export const REFRESH_THRESHOLD_S = 300;
export const REFRESH_PATH = '/auth/token/refresh/';
const LOCK_NAME = 'pupitre-token-refresh';

/** A pair of tokens as the auth service answers POST /auth/token/ and /auth/token/refresh/. */
export interface TokenPairLike {
  access: string;
  refresh: string;
}

/** The `exp` claim (Unix seconds) of a JWT, or null when it cannot be read. */
export function tokenExpiry(jwt: string | null | undefined): number | null {
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

const nowSeconds = () => Date.now() / 1000;

/** The access token's expiry: the stored one, else the token's own `exp`. */
export function accessExpiry(session: Session = getSession()): number | null {
  return session.accessExpiry ?? tokenExpiry(session.access);
}

/** True when a refresh token is held and the access token expires within 300 s (or is gone). */
export function needsRefresh(session: Session = getSession(), now = nowSeconds()): boolean {
  if (!session.refresh) return false;
  const expiry = accessExpiry(session);
  return expiry === null || expiry - now <= REFRESH_THRESHOLD_S;
}

/** Stores a fresh pair (and its expiry) after login or refresh. */
export function storeTokens(tokens: TokenPairLike, email?: string): void {
  updateSession({ access: tokens.access, refresh: tokens.refresh, accessExpiry: tokenExpiry(tokens.access), ...(email ? { email } : {}) });
}

type Locks = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };
const locks = (): Locks | undefined => (typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: Locks }).locks : undefined);

async function refreshOnce(force = false): Promise<boolean> {
  const session = getSession();
  if (!(force && session.refresh) && !needsRefresh(session)) return Boolean(session.access);
  const outcome = await request<TokenPairLike>('POST', REFRESH_PATH, { body: { refresh: session.refresh }, auth: false, react: false });
  if (outcome.kind === 'ok' && outcome.data?.access && outcome.data.refresh) {
    // Signed out (or signed in as someone else) meanwhile: do not resurrect the old session.
    if (getSession().refresh !== session.refresh) return true;
    storeTokens(outcome.data);
    return true;
  }
  // 401 means the refresh token is dead (expired, blacklisted, revoked): the session is over; the
  // helper has already cleared it. Other failures (network, 5xx) keep the session for a later try.
  if (outcome.kind === 'unauthorized') clearSession();
  return false;
}

let inflight: Promise<boolean> | null = null;

/** Across tabs: one refresh at a time (Web Locks where the browser has them). */
function withLock(run: () => Promise<boolean>): Promise<boolean> {
  const lockManager = locks();
  return lockManager ? lockManager.request(LOCK_NAME, run) : run();
}

/** Refreshes the tokens when needed. Concurrent callers share one refresh (single-flight). */
export function refreshTokens({ force = false }: { force?: boolean } = {}): Promise<boolean> {
  // `force`: a new pair now, whatever the expiry (the account changed: a token with its new claims).
  if (force) return (inflight ?? Promise.resolve(true)).then(() => withLock(() => refreshOnce(true)));
  inflight ??= (async () => {
    try {
      return await withLock(() => refreshOnce());
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** Before each authenticated request: refresh first when the access token is about to expire. */
export async function ensureFreshAccess(): Promise<void> {
  if (needsRefresh()) await refreshTokens();
}

export interface TokenRefreshScheduler {
  stop: () => void;
}

/**
 * Refreshes now if needed (start-up), then schedules the next refresh 300 s before expiry, and
 * re-plans whenever the session changes (login, logout, another tab). Also wires the pre-request
 * check into the request helper.
 */
export function startTokenRefresh(
  timers: { now?: () => number; setTimeout?: typeof setTimeout; clearTimeout?: typeof clearTimeout } = {},
): TokenRefreshScheduler {
  const now = timers.now ?? nowSeconds;
  const set = timers.setTimeout ?? setTimeout;
  const clear = timers.clearTimeout ?? clearTimeout;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  setBeforeAuthenticatedRequest(ensureFreshAccess);

  const plan = () => {
    if (timer !== undefined) clear(timer);
    timer = undefined;
    if (stopped) return;
    const session = getSession();
    if (!session.refresh) return;
    const expiry = accessExpiry(session);
    if (expiry === null || needsRefresh(session, now())) {
      void refreshTokens();
      return;
    }
    // Wake up when the token enters the 300 s window (bounded: timers cap at ~24.8 days).
    const delayMs = Math.min((expiry - REFRESH_THRESHOLD_S - now()) * 1000, 2 ** 31 - 1);
    timer = set(
      () => {
        timer = undefined;
        void refreshTokens();
      },
      Math.max(0, delayMs),
    );
  };
  const unsubscribe = subscribe(plan);
  plan();
  return {
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clear(timer);
      setBeforeAuthenticatedRequest(async () => undefined);
    },
  };
}

/**
 * Logout: the browser forgets the user at once, whatever the server answers and whether it can be reached at all
 * (offline, 5xx): the session, every offline copy and every local trace (the review being written). On a shared school
 * computer the next person finds nothing of them (docs/threat-model.md). Then the server is told to end the session (the
 * refresh token read before), without waiting: it ends anyway when that token expires. The spec (section 4) kept the
 * session when the answer carried an error; this deliberately does not (docs/decisions).
 */
export async function logout(navigate: (path: string) => void): Promise<true> {
  const { refresh } = getSession();
  forgetUser();
  await dropCopies();
  navigate('/auth?form=login');
  if (refresh) void request('POST', '/auth/logout', { body: { refresh }, auth: false, react: false }).catch(() => undefined);
  return true;
}
