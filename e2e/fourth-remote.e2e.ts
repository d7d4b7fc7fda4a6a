import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { buildRemoteVariant } from '../infra/local/lib/build.mjs';
import { serveStatic } from '../infra/local/lib/static-server.mjs';
import { ROOT } from '../infra/local/lib/paths.mjs';

// The list of remotes is data: a fourth micro-frontend the shell was built without (a tiny real
// remote, e2e/fixtures/mfe-extra/, built here with the shared remote config) is served from its own
// origin and added to the remotes file. Its navbar link (declared on its page, carried in its
// manifest) shows in the wide navbar and the 375 px menu, and leads to its page with its title. The
// shell is not rebuilt; the Content-Security-Policy takes the new origin from the remotes file.

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });

const FIXTURE = 'e2e/fixtures/mfe-extra';
const declarations = JSON.parse(fs.readFileSync(path.join(ROOT, FIXTURE, 'src/route-declarations.json'), 'utf8'));
const PAGE: { path: string; title: Record<string, string>; nav: { label: Record<string, string> } } = declarations[0];

let dist = '';
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
let original = '';

test.beforeAll(async ({ stack }) => {
  dist = buildRemoteVariant(FIXTURE, { version: '1.0.0-extra', outDir: 'dist-e2e' }); // ~3 s, once
  server = await serveStatic({ port: 0, dir: dist, name: 'mfe-extra' });
  original = fs.readFileSync(stack.remotesFile, 'utf8');
  stack.writeRemotes({ ...JSON.parse(original), extra: `${server.url}/mf-manifest.json` });
});

test.afterAll(async ({ stack }) => {
  if (original) fs.writeFileSync(stack.remotesFile, original);
  await server?.stop();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

test('its link is in the navbar, after the others by its order, and opens its page with its title', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const shellBefore = fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',');
  await page.goto('/');
  const language = (await page.locator('html').getAttribute('lang')) as 'fr' | 'es' | 'en';
  const nav = page.getByTestId('navbar');
  const link = nav.getByRole('link', { name: PAGE.nav.label[language], exact: true });
  await expect(link).toHaveAttribute('href', PAGE.path);
  // The remotes' links in their declared order (community 10, review 20, extra 30), then the account entry.
  expect(await nav.locator('ul > li > a').allTextContents()).toEqual(['Community', 'Publish', PAGE.nav.label[language], '']);

  await link.click();
  await expect(page).toHaveURL(PAGE.path);
  await expect(page.getByTestId('mfe-extra')).toHaveAttribute('data-mfe-version', '1.0.0-extra');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atelier');
  await expect(page).toHaveTitle(`Pupitre · ${PAGE.title[language]}`);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

  // The other remotes are as they were.
  await nav.getByRole('link', { name: 'Community', exact: true }).click();
  await expect(page.getByTestId('ranking-list').locator('li').first()).toBeVisible();
  expect(fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',')).toBe(shellBefore);
  expect(errors).toEqual([]);
});

test('at 375 px its link is in the menu and opens its page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const nav = page.getByTestId('navbar-compact');
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: PAGE.nav.label.en, exact: true }).click();
  await expect(page).toHaveURL(PAGE.path);
  await expect(page.getByTestId('mfe-extra')).toBeVisible();
  await expect(page).toHaveTitle(`Pupitre · ${PAGE.title.en}`);
});

/** The layout shifts of the page so far whose shifted nodes are in the navbar (Performance API, buffered). */
const navbarShifts = () =>
  new Promise<string[]>((resolve) => {
    const found: string[] = [];
    const header = document.querySelector('header');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[])
        for (const source of entry.sources ?? [])
          if (source.node && header?.contains(source.node)) found.push(`${source.node.nodeName} ${entry.value.toFixed(4)}`);
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(found), 300);
  });

test('links arriving after the first paint move nothing in the navbar', async ({ browser, baseURL }) => {
  // The manifests late: the shell's page and its navbar paint first, the remotes' links after (a page
  // built in the browser: a server-rendered one has its links from the start). No service worker: its
  // requests would not be held by the page's route.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  // Held until the navbar has been measured (not for a fixed time: a busy machine may paint later).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mf-manifest.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/page-without-server-rendering', { waitUntil: 'domcontentloaded' });
  const nav = page.getByTestId('navbar');
  const account = nav.getByRole('link', { name: 'Sign in' });
  await expect(account).toBeVisible();
  await expect(nav.getByRole('link', { name: PAGE.nav.label.en, exact: true })).toHaveCount(0);
  const before = { account: await account.boundingBox(), logo: await nav.getByTestId('logo').boundingBox(), nav: await nav.boundingBox() };
  release();
  await expect(nav.getByRole('link', { name: PAGE.nav.label.en, exact: true })).toBeVisible();
  expect({
    account: await account.boundingBox(),
    logo: await nav.getByTestId('logo').boundingBox(),
    nav: await nav.boundingBox(),
  }).toEqual(before);
  expect(await page.evaluate(navbarShifts)).toEqual([]);
  await context.close();
});

test('a remote whose manifest is unreadable contributes no link; the others stay', async ({ page, stack }) => {
  stack.writeRemotes({ ...JSON.parse(original), extra: `${server!.url}/missing/mf-manifest.json` });
  try {
    await page.goto('/');
    const nav = page.getByTestId('navbar');
    await expect(nav.getByRole('link', { name: 'Community', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Publish', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: PAGE.nav.label.en, exact: true })).toHaveCount(0);
  } finally {
    stack.writeRemotes({ ...JSON.parse(original), extra: `${server!.url}/mf-manifest.json` });
  }
});
