import { takenOver } from './support/takeover';
import fs from 'node:fs';
import { test, expect } from './support/fixtures';
import { checkPage } from './support/pages';

// The shell's own screens through the edge: home (video, carousel, FAQ), navbar, footer, legal
// pages, /admin, 404, the launch gate from /config.json, offline through the service worker, and
// the first load of / carrying no federation runtime.

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });

test('home: video, description, sign-in button, 5-slide carousel moving by itself, 4-question FAQ; no remote loaded', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page).toHaveTitle('Pupitre · Home');
  const video = page.getByTestId('promo-video');
  await expect(video).toHaveAttribute('poster', '/promo/promo-poster.webp');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.currentSrc.endsWith('/promo/promo-en.webm')]))
    .toEqual([true, true, true]);
  await expect(page.getByTestId('home-cta')).toHaveAttribute('href', '/auth');
  await page.getByTestId('faq').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('carousel-slide')).toHaveCount(5);
  await expect(page.getByTestId('faq').locator('details')).toHaveCount(4);
  await page.getByText('Are the reviews really anonymous?').click();
  await expect(page.getByText(/never shown or attached to a public review/)).toBeVisible();
  // Once the page is idle the carousel moves by itself: transform animations only (the
  // compositor's), looping; the pause button stops it, and it never widens the page.
  const carousel = page.getByTestId('last-reviews').getByRole('region');
  await expect(carousel).toHaveAttribute('data-moving', 'true');
  // The carousel's own animations (the page's others, such as the navbar sliding away, are not
  // counted): one per slide, each on `transform` alone, all running.
  const slides = page.getByTestId('carousel-slide');
  const slideAnimations = () =>
    carousel.evaluate((region) =>
      region.getAnimations({ subtree: true }).map((a) => ({
        state: a.playState,
        properties: Object.keys((a.effect as KeyframeEffect).getKeyframes()[0])
          .filter((k) => !['offset', 'easing', 'composite', 'computedOffset'].includes(k))
          .join(','),
      })),
    );
  await expect.poll(slideAnimations).toEqual(Array.from({ length: 5 }, () => ({ state: 'running', properties: 'transform' })));
  const firstSlideX = () => slides.first().evaluate((el) => el.getBoundingClientRect().x);
  const before = await firstSlideX();
  await expect.poll(firstSlideX).not.toBe(before); // it has moved
  await page.getByTestId('carousel-pause').click();
  await expect(carousel).toHaveAttribute('data-moving', 'false');
  await expect.poll(slideAnimations).toEqual(Array.from({ length: 5 }, () => ({ state: 'paused', properties: 'transform' })));
  // Paused animations hold their place: two frames later the slide is where it was.
  const paused = await firstSlideX();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await firstSlideX()).toBe(paused);
  // Scrolled down (the navbar's links slid away), the page is still no wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The home page belongs to the shell: neither the federation runtime nor a remote was fetched.
  expect(scripts.filter((s) => /mf-runtime|mf-shared|remoteEntry|\/mfe\//.test(s))).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPage(page, 'home', async () => {
    await page.getByTestId('faq').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('carousel-slide').first()).toBeVisible();
  });
});

test('navbar: past 300 px the links slide away and the bar hides, scrolling up restores it; logo and footer links', async ({ page }) => {
  await page.goto('/politique-de-privacite');
  await expect(page.getByTestId('legal-privacy')).toBeVisible();
  await takenOver(page); // the navbar follows the scroll once the page's code runs
  const nav = page.getByTestId('navbar');
  await page.mouse.wheel(0, 600);
  await expect(nav).toHaveAttribute('data-collapsed', 'true');
  await expect(nav).toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, -200);
  await expect(nav).toHaveAttribute('data-hidden', 'false');
  await expect(page.getByRole('link', { name: 'Pupitre, home' })).toHaveAttribute('href', '/#Home-Presentation-Container');
  const footer = page.getByTestId('footer');
  for (const name of ['Terms of service', 'Cookie policy', 'Privacy policy', 'Follow us', 'Contact us', 'Support Pupitre'])
    await expect(footer.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Pupitre, home' }).click();
  await expect(page).toHaveURL(/\/#Home-Presentation-Container$/);
  await expect(page.getByTestId('home')).toBeVisible();
});

test('the compact navbar at 375 px reaches the same places', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('navbar-compact').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('footer')).toHaveCount(0);
});

test('legal pages in three languages, /admin, 404', async ({ page }) => {
  for (const [path, name, heading] of [
    ['/conditions-service', 'legal-terms', 'Terms of service'],
    ['/politique-de-privacite', 'legal-privacy', 'Privacy policy'],
    ['/politique-des-cookies', 'legal-cookies', 'Cookie policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await checkPage(page, name);
  }
  // The cookie policy names the sign-in cookies (issues #37, #38): strictly necessary, server-only, no consent banner.
  await expect(page.getByText(/pupitre_oauth_state/)).toBeVisible();
  await expect(page.getByText(/pupitre_refresh keeps you signed in/)).toBeVisible();
  // …and the language cookie the server renders pages in (issue #39): a strictly necessary preference.
  await expect(page.getByText(/pupitre_lang keeps the language you read the site in/)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'es'));
  await page.goto('/conditions-service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condiciones de uso');
  await expect(page.getByText(/insultos, burlas/)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  await page.goto('/admin');
  await expect(page.getByText('Redirecting to the administrator page...')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await checkPage(page, 'admin');

  await page.goto('/no/such/page');
  await expect(page.getByRole('alert')).toHaveText('The accessed page does not exist.');
  await checkPage(page, 'not-found');
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });
});

test('launch gate: a future LAUNCH_AT in /config.json shows only the countdown and the social link', async ({ page, stack }) => {
  const original = fs.readFileSync(stack.runtimeConfigFile, 'utf8');
  try {
    fs.writeFileSync(
      stack.runtimeConfigFile,
      JSON.stringify({ launchAt: Math.floor(Date.now() / 1000) + 3 * 86400 + 3600, socialUrl: 'https://social.example/pupitre' }),
    );
    await page.goto('/communaute');
    await expect(page.getByTestId('launch-countdown')).toBeVisible();
    await expect(page.getByTestId('countdown-days')).toContainText('03');
    await expect(page.getByRole('link', { name: /Follow us/ })).toHaveAttribute('href', 'https://social.example/pupitre');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByTestId('mfe-community')).toHaveCount(0);
    await checkPage(page, 'launch-countdown');

    fs.writeFileSync(stack.runtimeConfigFile, JSON.stringify({ maintenanceAt: Math.floor(Date.now() / 1000) + 120 }));
    await page.goto('/');
    await expect(page.getByTestId('maintenance-warning')).toHaveText('Website maintenance will start in less than 5 minutes...');
  } finally {
    fs.writeFileSync(stack.runtimeConfigFile, original);
  }
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('maintenance-warning')).toHaveCount(0);
});

test('offline: home, the community and a teacher page visited once reload offline with their content and an "offline, as of" notice; the worker keeps no /auth or /api answer', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Online visits: each page shows its data (and keeps a copy of it).
  const visits = [
    {
      path: '/',
      ready: async () => {
        await page.getByTestId('faq').scrollIntoViewIfNeeded();
        await expect(page.locator('[data-testid="carousel-slide"][data-example="false"]').first()).toBeVisible();
      },
    },
    { path: '/communaute', ready: () => expect(page.getByTestId('categories').getByTestId('review-card').first()).toBeVisible() },
    { path: '/teacher/1', ready: () => expect(page.getByTestId('teacher-reviews').getByTestId('review-card').first()).toBeVisible() },
  ];
  for (const visit of visits) {
    await page.goto(visit.path);
    await visit.ready();
    // A server-rendered page shows its data at once; the copy is kept by its code, once it has taken over.
    if (await page.locator('#pupitre-ssr').count()) await takenOver(page);
    await expect(page.getByTestId('offline-copy')).toHaveCount(0);
  }
  await context.setOffline(true);
  try {
    for (const visit of visits) {
      await page.goto(visit.path);
      await page.reload();
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await visit.ready();
      await expect(page.getByTestId('offline-copy').first()).toContainText(/Offline: shown as it was on .+\d{1,2}:\d{2}/);
      await expect(page.getByTestId('error-screen')).toHaveCount(0);
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    }
    await expect(page.getByTestId('teacher-name')).toHaveText('Mme Dupont');
    await expect(page.getByTestId('rating-spread')).toBeVisible();
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('pupitre-shell-')) continue;
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    // The worker keeps the page and the app's files, never an answer of the services.
    expect(kept).toContain('/');
    expect(kept.some((u) => u.startsWith('/mfe/community/'))).toBe(true);
    expect(kept.filter((u) => u.startsWith('/auth') || u.startsWith('/api'))).toEqual([]);
    await checkPage(page, 'offline');
  } finally {
    await context.setOffline(false);
  }
});
