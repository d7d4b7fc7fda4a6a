// Users of the review and community journeys, created through the real auth API: sign-up, the
// activation link read from the mail catcher (maildev's REST API), activation, login. The tokens go
// into the page's local storage under the session keys of @pupitre/session.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_KEYS } from '../../libs/session/src/store';

export interface TestUser {
  email: string;
  password: string;
  access: string;
  refresh: string;
}

interface Mail {
  to: { address: string }[];
  text?: string;
  html?: string;
}

let counter = 0;

async function call(
  base: string,
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/** The activation path (`/activate/{uid}/{token}/`) of the newest mail to `email`. */
async function activationLink(mailUrl: string, email: string): Promise<{ uid: string; token: string }> {
  let found: { uid: string; token: string } | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
        for (const mail of [...mails].reverse()) {
          if (!mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase())) continue;
          const match = `${mail.text ?? ''}\n${mail.html ?? ''}`.match(/\/activate\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)\/?/);
          if (match) found = { uid: match[1], token: match[2] };
        }
        return found !== null;
      },
      { timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** A new, activated, logged-in user (sign-up → mail → activation → login). */
export async function createUser(stack: { url: string; mail: { webUrl: string } }, name = 'user'): Promise<TestUser> {
  counter += 1;
  const email = `e2e.${name}.${Date.now()}.${counter}@example.org`;
  const password = 'Pupitre-e2e-2025!';
  const signup = await call(stack.url, 'POST', '/auth/manage/users/', { email, password, re_password: password, lang: 'en' });
  expect(signup.status, `sign-up: ${JSON.stringify(signup.body)}`).toBe(201);
  const { uid, token } = await activationLink(stack.mail.webUrl, email);
  const activation = await call(stack.url, 'POST', '/auth/manage/users/activation/', { uid, token });
  expect(activation.status, `activation: ${JSON.stringify(activation.body)}`).toBe(204);
  const login = await call(stack.url, 'POST', '/auth/token/', { email, password });
  expect(login.status, `login: ${JSON.stringify(login.body)}`).toBe(200);
  const tokens = login.body as { access: string; refresh: string };
  return { email, password, access: tokens.access, refresh: tokens.refresh };
}

/** A JSON call to the gateway as `user` (or anonymous). */
export function apiAs(stack: { url: string }, user: TestUser | null) {
  return {
    get: (urlPath: string) => call(stack.url, 'GET', urlPath, undefined, user?.access),
    post: (urlPath: string, body?: unknown) => call(stack.url, 'POST', urlPath, body, user?.access),
    put: (urlPath: string, body?: unknown) => call(stack.url, 'PUT', urlPath, body, user?.access),
  };
}

function expiryOf(jwt: string): string {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  return String(payload.exp);
}

/**
 * Signs `user` in for every page of `context`: the session keys are written once, on the first
 * page of the origin (never again: the app rotates the tokens and must keep the new ones), in
 * English so the journeys read the English texts.
 */
export async function signIn(context: BrowserContext, baseUrl: string, user: TestUser | null, lang = 'en'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/health`);
  const entries: [string, string][] = [[SESSION_KEYS.lang, lang]];
  if (user) {
    entries.push(
      [SESSION_KEYS.email, user.email],
      [SESSION_KEYS.access, user.access],
      [SESSION_KEYS.accessExpiry, expiryOf(user.access)],
      [SESSION_KEYS.refresh, user.refresh],
    );
  }
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
  return page;
}

/** Accessibility at the current width, then both screenshots (./pages). */
export { checkPage as auditPage, expectAccessible as expectNoSeriousA11yViolation } from './pages';
