// Access-token refresh (spec, sections 4 and 9): at start-up when the access token expires within
// 300 s (or has expired), again before expiry while the page stays open, and before any
// authenticated request that would otherwise leave with an expiring token.
// The refresh token lives in an HttpOnly cookie that no script reads (issue #38): every call that
// signs in or refreshes sends `X-Pupitre-Session: cookie`, and the access token that comes back is
// kept in memory (@pupitre/session). A page that opens with an e-mail held but no token in memory
// (a reload, a new tab) refreshes first. The refresh token rotates (the auth service kills the old
// one, and re-using a rotated token revokes the whole family), so a refresh is single-flight:
// within the page one promise is shared, and across tabs a Web Lock serialises them, so each tab
// sends the cookie the previous one received.
import { COOKIE_LOGOUT_PATH, COOKIE_TRANSPORT, REFRESH_PATH, SESSION_TRANSPORT_HEADER, tokenClaims } from '@pupitre/contracts';
import {
  clearSession,
  forgetUser,
  getSession,
  logoutPending,
  setLogoutPending,
  subscribe,
  takeLegacyRefresh,
  updateSession,
  type Session,
} from '@pupitre/session';
import { request, setBeforeAuthenticatedRequest } from './client';
import { dropCopies } from './offline-copies';

export const REFRESH_THRESHOLD_S = 300;
const LOCK_NAME = 'pupitre-token-refresh';

/** The header of every call that signs in or refreshes: the refresh token goes to the cookie, never to a script. */
export const COOKIE_SESSION_HEADERS: Readonly<Record<string, string>> = { [SESSION_TRANSPORT_HEADER]: COOKIE_TRANSPORT };

/** What sign-in and refresh answer: the access token (an older auth service also sends the refresh token, ignored). */
export interface TokenPairLike {
  access: string;
  refresh?: string;
}

/** The `exp` claim (Unix seconds) of a JWT, or null when it cannot be read. */
export function tokenExpiry(jwt: string | null | undefined): number | null {
  const exp = tokenClaims(jwt)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

const nowSeconds = () => Date.now() / 1000;

/** The access token's expiry: the stored one, else the token's own `exp`. */
export function accessExpiry(session: Session = getSession()): number | null {
  return session.accessExpiry ?? tokenExpiry(session.access);
}

/** True when signed in (the cookie holds the refresh token) and the access token expires within 300 s (or is not held). */
export function needsRefresh(session: Session = getSession(), now = nowSeconds()): boolean {
  if (!session.email) return false;
  const expiry = accessExpiry(session);
  return expiry === null || expiry - now <= REFRESH_THRESHOLD_S;
}

/** Keeps a fresh access token (and its expiry) in memory after sign-in or refresh; sign-in also stores the e-mail. */
export function storeTokens(tokens: TokenPairLike, email?: string): void {
  updateSession({ ...(email ? { email } : {}), access: tokens.access, accessExpiry: tokenExpiry(tokens.access) });
}

type Locks = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };
const locks = (): Locks | undefined => (typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: Locks }).locks : undefined);

async function refreshOnce(force = false): Promise<boolean> {
  const session = getSession();
  if (!session.email) return false;
  if (!force && !needsRefresh(session)) return Boolean(session.access);
  // An earlier version's token, from local storage, is spent once to move its session into the cookie.
  const legacy = takeLegacyRefresh();
  const outcome = await request<TokenPairLike>('POST', REFRESH_PATH, {
    body: legacy ? { refresh: legacy } : {},
    headers: { ...COOKIE_SESSION_HEADERS },
    auth: false,
    react: false,
  });
  if (outcome.kind === 'ok' && outcome.data?.access) {
    // Signed out (or signed in as someone else) meanwhile: do not resurrect the old session.
    if (getSession().email !== session.email) return true;
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
  // `force`: a new token now, whatever the expiry (the account changed: a token with its new claims).
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
    if (!session.email) return;
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
  // A logout made offline: the server is told now (the cookie's session ends, the cookie goes).
  if (logoutPending() && !getSession().email) void endCookieSession();
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
 * computer the next person finds nothing of them (docs/threat-model.md). Then the server is told to end the session of
 * the refresh cookie (and to clear it), without waiting; offline, the next page that opens online tells it. The spec
 * (section 4) kept the session when the answer carried an error; this deliberately does not (docs/decisions).
 */
export async function logout(navigate: (path: string) => void): Promise<true> {
  forgetUser();
  setLogoutPending(true);
  await dropCopies();
  navigate('/auth?form=login');
  void endCookieSession();
  return true;
}

/** Ends the session of the refresh cookie (and clears it); the pending mark goes once the server has answered. */
async function endCookieSession(): Promise<void> {
  const outcome = await request('POST', COOKIE_LOGOUT_PATH, { auth: false, react: false }).catch(() => null);
  if (outcome?.kind === 'ok' && !getSession().email) setLogoutPending(false);
}
