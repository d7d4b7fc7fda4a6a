// Users of the review and community journeys, created through the real auth API (./accounts.mjs).
// A browser context is signed in as the site itself does it (issue #38): the refresh token in the
// HttpOnly cookie, the e-mail and the language in local storage; the page gets its access token from
// the cookie when it opens. Each context gets a session of its own (refresh tokens rotate, and a
// rotated one presented again would end the session everywhere).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../../libs/contracts/src/session-transport';
import { SESSION_KEYS } from '../../libs/session/src/keys';
import { callApi, createActivatedUser } from './accounts.mjs';
import { enrolSecondFactor, grantRole } from './second-factor';

export interface TestUser {
  email: string;
  password: string;
  access: string;
  refresh: string;
  /** Extra sign-in fields (a second factor's code), asked for each new session. */
  signInExtras?: () => Promise<Record<string, string>>;
}

/** A new, activated, logged-in user (sign-up → mail → activation → login: ./accounts.mjs). */
export const createUser = (stack: { url: string; mail: { webUrl: string } }, name = 'user'): Promise<TestUser> =>
  createActivatedUser(stack, name);

const call = callApi;

/** A JSON call through the edge as `user` (or anonymous). */
export function apiAs(stack: { url: string }, user: TestUser | null) {
  return {
    get: (urlPath: string) => call(stack.url, 'GET', urlPath, undefined, user?.access),
    post: (urlPath: string, body?: unknown) => call(stack.url, 'POST', urlPath, body, user?.access),
    put: (urlPath: string, body?: unknown) => call(stack.url, 'PUT', urlPath, body, user?.access),
  };
}

/** Refresh tokens already handed to a browser context: the next context of that user signs in anew. */
const handedOut = new Set<string>();

/** A session of its own for a new browser context: the user's first one, then a new sign-in each time. */
async function sessionFor(baseUrl: string, user: TestUser): Promise<string> {
  if (!handedOut.has(user.refresh)) {
    handedOut.add(user.refresh);
    return user.refresh;
  }
  const extras = user.signInExtras ? await user.signInExtras() : {};
  const login = await callApi(baseUrl, 'POST', '/auth/token/', { email: user.email, password: user.password, ...extras });
  if (login.status !== 200) throw new Error(`sign-in of ${user.email}: ${login.status} ${JSON.stringify(login.body)}`);
  const { refresh } = login.body as { refresh: string };
  handedOut.add(refresh);
  return refresh;
}

/**
 * Signs `user` in for every page of `context`, as the site does: the refresh token in the HttpOnly
 * cookie (a session of this context's own), the e-mail and the language (English, so the journeys
 * read the English texts) in local storage, written once on the first page of the origin.
 */
export async function signIn(context: BrowserContext, baseUrl: string, user: TestUser | null, lang = 'en'): Promise<Page> {
  if (user) {
    const refresh = await sessionFor(baseUrl, user);
    const { hostname } = new URL(baseUrl);
    await context.addCookies([
      {
        name: REFRESH_COOKIE,
        value: refresh,
        domain: hostname,
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        secure: false,
      },
    ]);
  }
  const page = await context.newPage();
  // A plain page of the origin (not a JSON answer of the API: those are downloads, Content-Disposition attachment).
  await page.goto(`${baseUrl}/sw.js`);
  const entries: [string, string][] = [[SESSION_KEYS.lang, lang]];
  if (user) entries.push([SESSION_KEYS.email, user.email]);
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
  return page;
}

/** Accessibility at the current width, then both screenshots (./pages). */
export { checkPage as auditPage, expectAccessible as expectNoSeriousA11yViolation } from './pages';

/** A page of its own browser context (reduced motion), signed in as `user` (or signed out). */
export async function pageFor(browser: Browser, baseURL: string, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  return signIn(context, baseURL, user);
}

/**
 * Makes `user` a moderator with the admin CLI (approved by the stack's first admin's code), turns
 * the second factor on (staff need it: ./second-factor.ts), then logs in again with a code: the new
 * tokens carry the role and the second factor, and every later session asks for a code too.
 */
export async function grantModerator(
  stack: { url: string; mongo: { uri: string }; redis: { url: string } },
  user: TestUser,
): Promise<void> {
  await grantRole(stack, 'moderator', user.email);
  const app = await enrolSecondFactor(stack.url, user);
  user.signInExtras = async () => ({ otp: await app.nextCode() });
  const login = await apiAs(stack, null).post('/auth/token/', {
    email: user.email,
    password: user.password,
    ...(await user.signInExtras()),
  });
  if (login.status !== 200) throw new Error(`moderator login: ${login.status} ${JSON.stringify(login.body)}`);
  Object.assign(user, login.body as { access: string; refresh: string });
}
