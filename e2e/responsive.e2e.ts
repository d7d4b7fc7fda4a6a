import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { test, expect } from './support/fixtures';
import { axeViolations, horizontalOverflow, smallTapTargets } from './support/page-checks';
import { publishSampleReview } from './support/accounts.mjs';
import { createUser, signIn, type TestUser } from './support/users';

// Every route of the product, signed out and signed in, in French, Spanish and English, at 320,
// 375, 768 and 1280 px: nothing wider than the screen, no console or page error, axe clean, tap
// targets of 44 px on phones, and a screenshot of each (artifacts/screenshots/matrix/). Each
// (route, session, language) is loaded once and the same page is resized through the widths.
// Affordable in CI: axe's full rule set runs at 375 and 1280 px, and its size rules (target size,
// scrollable regions) at every width; screenshots are JPEG, of the whole page at 375 and 1280 px
// and of the screen at 320 and 768 px; signed out, the members'
// pages are only checked to send to sign in and back (their screen is /auth's).

const WIDTHS = [320, 375, 768, 1280] as const;
const PHONES = new Set<number>([320, 375]);
const FULL_AXE = new Set<number>([375, 1280]);
const LANGUAGES = ['fr', 'es', 'en'] as const;
const SHOTS = path.join(ROOT, 'artifacts/screenshots/matrix');

interface RouteCase {
  name: string;
  path: string;
  /**
   * The page leaves by itself after a few seconds (404, /admin, activation): its clock is paused
   * once loaded, so every width sees the same screen.
   */
  timed?: boolean;
  /**
   * Members only: signed out, the page sends to sign in (and back), a screen the /auth case already
   * checks at every width; only that redirect and the console are checked then.
   */
  member?: boolean;
  /** The page shows a busy indicator all along (/admin: "redirecting…"). */
  busy?: boolean;
  /** Failed requests the page expects and shows itself (a console error Chromium always logs). */
  expectedFailures?: RegExp;
}

let user: TestUser;
let reviewId: number;

/** MATRIX_ROUTES=teacher,ranking (route names) and MATRIX_LANGUAGES=fr narrow a local run. */
const only = (variable: string) => process.env[variable]?.split(',').filter(Boolean);

const routes = (): RouteCase[] => allRoutes().filter((r) => !only('MATRIX_ROUTES') || only('MATRIX_ROUTES')?.includes(r.name));

const allRoutes = (): RouteCase[] => [
  { name: 'home', path: '/' },
  { name: 'community', path: '/communaute' },
  { name: 'teacher', path: '/teacher/1' },
  { name: 'ranking', path: '/ranking' },
  { name: 'publication', path: '/publication?teacher=2' },
  { name: 'publication-complete', path: `/publication/complete?id=${reviewId}` },
  { name: 'transparency', path: '/transparence' },
  // Moderators only: anyone else reads why it is closed to them.
  { name: 'moderation', path: '/moderation' },
  { name: 'review-edit', path: `/review/${reviewId}/edit`, member: true },
  { name: 'auth', path: '/auth' },
  { name: 'auth-signup', path: '/auth?form=signup' },
  { name: 'me', path: '/me', member: true },
  { name: 'favorites', path: '/me/favorites', member: true },
  { name: 'my-reviews', path: '/me/reviews', member: true },
  { name: 'my-reports', path: '/me/reports', member: true },
  { name: 'settings', path: '/settings', member: true },
  { name: 'google-login', path: '/google/login' },
  // An invalid link: the service answers 400 and the page says so (as the spec wants).
  { name: 'activate', path: '/activate/MQ/invalid-token/', timed: true, expectedFailures: /\/auth\/manage\/users\/activation\/$/ },
  { name: 'password-reset', path: '/password/reset/confirm/MQ/some-token/' },
  { name: 'terms', path: '/conditions-service' },
  { name: 'cookies', path: '/politique-des-cookies' },
  { name: 'privacy', path: '/politique-de-privacite' },
  { name: 'admin', path: '/admin', timed: true, busy: true },
  { name: 'not-found', path: '/no/such/page', timed: true },
];

// The six (session, language) cases are independent: the workers share them out.
test.describe.configure({ mode: 'parallel' });
test.setTimeout(15 * 60_000);

// Once per worker: each worker has its own stack.
test.beforeAll(async ({ stack }) => {
  user = await createUser(stack, 'matrix');
  reviewId = await publishSampleReview(stack, user);
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** What the page said on its console, and the errors it threw. */
function listen(page: Page, expected?: RegExp): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (
      expected &&
      /Failed to load resource/.test(message.text()) &&
      expected.test(new URL(message.location().url || 'http://x/').pathname)
    )
      return;
    problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Requests the page has sent and not seen end, and who waits for there to be none. */
interface Requests {
  pending: Set<unknown>;
  emptied: (() => void)[];
}
const requestsOf = new WeakMap<Page, Requests>();
function trackRequests(page: Page): void {
  if (requestsOf.has(page)) return;
  const requests: Requests = { pending: new Set(), emptied: [] };
  requestsOf.set(page, requests);
  const ended = (r: unknown) => {
    requests.pending.delete(r);
    if (requests.pending.size === 0) for (const resolve of requests.emptied.splice(0)) resolve();
  };
  page.on('request', (r) => requests.pending.add(r));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * The network is quiet: no request of the page in flight, two frames after the last one ended (what
 * an answer rendered, or a section scrolled into view, asks for next has been sent by then). A state
 * of the page, where `networkidle` waited for 500 ms of silence, twice per route.
 */
async function quiet(page: Page): Promise<void> {
  const requests = requestsOf.get(page)!;
  for (;;) {
    if (requests.pending.size > 0) await new Promise<void>((resolve) => requests.emptied.push(resolve));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (requests.pending.size === 0) return;
  }
}

/** Loaded: the network is quiet and nothing says it is loading (sections loaded on the way down included). */
async function settled(page: Page, busy = false) {
  await page.waitForLoadState('load');
  await quiet(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await quiet(page);
  if (!busy) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
}

/** A session of its own for each browser context (tokens rotate; a reused refresh token would end them all). */
async function freshSession(url: string, who: TestUser): Promise<TestUser> {
  const response = await fetch(`${url}/auth/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(response.status).toBe(200);
  return { ...who, ...((await response.json()) as { access: string; refresh: string }) };
}

/**
 * Runs `work` on a page whose clock is paused, moving that clock a millisecond at a time meanwhile:
 * axe waits on its own zero-delay timers, while the page's redirect (seconds away) stays far off.
 */
async function whileTicking<T>(page: Page, paused: boolean, work: () => Promise<T>): Promise<T> {
  if (!paused) return work();
  let done = false;
  const ticking = (async () => {
    while (!done) {
      // The clock is the context's: it also reaches the blank page axe opens and closes meanwhile.
      await page.clock.runFor(1).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return await work();
  } finally {
    done = true;
    await ticking;
  }
}

async function checkWidths(page: Page, label: string, file: string, paused = false): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONES.has(width) ? 800 : 900 });
    // Layout follows the width at once; two frames let resize observers redraw. A paused clock holds
    // frame callbacks: then a resize observer made last is told of the new size after the page's
    // own (a rendering step has run them all), and the clock is moved two frames for what they asked.
    await page.evaluate(() => document.documentElement.offsetWidth);
    if (paused) {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const last = new ResizeObserver(() => (last.disconnect(), resolve()));
            last.observe(document.documentElement);
          }),
      );
      await page.clock.runFor(34);
    } else await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const at = `${label} @${width}`;
    const overflow = await horizontalOverflow(page);
    if (overflow) failures.push(`${at}: ${overflow.scrollWidth} px wide in a ${overflow.innerWidth} px window`);
    for (const v of await whileTicking(page, paused, () => axeViolations(page, !FULL_AXE.has(width)))) failures.push(`${at}: axe ${v}`);
    if (PHONES.has(width)) for (const t of await smallTapTargets(page)) failures.push(`${at}: tap target ${t}`);
    // The whole page at the two sizes people look at (375 and 1280 px), the screen at the others.
    await page.screenshot({ path: path.join(SHOTS, `${file}-${width}.jpg`), fullPage: FULL_AXE.has(width), type: 'jpeg', quality: 70 });
  }
  return failures;
}

async function checkRoute(
  context: BrowserContext,
  page: Page,
  route: RouteCase,
  signedIn: boolean,
  label: string,
  file: string,
): Promise<string[]> {
  if (route.member && !signedIn) {
    const problems = listen(page);
    trackRequests(page);
    await page.goto(route.path);
    await settled(page);
    const url = new URL(page.url());
    const failures =
      url.pathname === '/auth' && url.searchParams.get('next') === new URL(route.path, url).pathname
        ? []
        : [`${label}: did not go to sign in and back (${url.pathname}${url.search})`];
    page.removeAllListeners('console').removeAllListeners('pageerror');
    return [...failures, ...problems.map((p) => `${label}: ${p}`)];
  }
  let target = page;
  if (route.timed) {
    target = await context.newPage();
    await target.clock.install();
  }
  const problems = listen(target, route.expectedFailures);
  trackRequests(target);
  await target.goto(route.path);
  await settled(target, route.busy);
  if (route.timed) await target.clock.pauseAt(Date.now() + 500);
  const failures = await checkWidths(target, label, file, route.timed);
  failures.push(...problems.map((p) => `${label}: ${p}`));
  if (route.timed) {
    await target.close();
    // The clock is the context's: the other page's timers run again.
    await context.clock.resume();
  } else page.removeAllListeners('console').removeAllListeners('pageerror');
  return failures;
}

for (const signedIn of [false, true]) {
  for (const lang of LANGUAGES.filter((l) => !only('MATRIX_LANGUAGES') || only('MATRIX_LANGUAGES')?.includes(l))) {
    const session = signedIn ? 'signed-in' : 'signed-out';
    test(`every route ${session} in ${lang}: no overflow, no console error, axe clean, 44 px targets, at 320/375/768/1280 px`, async ({
      browser,
      stack,
    }) => {
      const prefix = `${lang}-${session}-`;
      for (const file of fs.readdirSync(SHOTS)) if (file.startsWith(prefix)) fs.rmSync(path.join(SHOTS, file));
      const context = await browser.newContext({ baseURL: stack.url, locale: lang, viewport: { width: 320, height: 800 } });
      const page = await signIn(context, stack.url, signedIn ? await freshSession(stack.url, user) : null, lang);
      const failures: string[] = [];
      for (const route of routes()) {
        await page.setViewportSize({ width: 320, height: 800 });
        const label = `${route.path} (${session}, ${lang})`;
        try {
          failures.push(...(await checkRoute(context, page, route, signedIn, label, `${prefix}${route.name}`)));
        } catch (error) {
          // Named, and the run goes on: one stuck page does not hide the other routes' results.
          failures.push(`${label}: ${String((error as Error).message).split('\n')[0]}`);
          page.removeAllListeners('console').removeAllListeners('pageerror');
        }
      }
      await context.close();
      expect(failures).toEqual([]);
    });
  }
}
