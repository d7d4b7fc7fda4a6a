// Server-rendered pages (issue #39): the composer answers a page navigation with the page's content
// inside; the browser takes that HTML over without replacing it (no new largest paint, no shift), a
// visitor without JavaScript can read it, and every failure of the rendering path gives today's
// client-rendered page, through the real gateway.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { layoutShift, VIEWPORTS } from './support/page-metrics.mjs';
import { takenOver } from './support/takeover';

const READING_PAGES = [
  { path: '/communaute', content: '[data-testid="ranking-list"]' },
  { path: '/teacher/1', content: '[data-testid="teacher-name"]' },
  { path: '/ranking', content: '[data-testid="ranking-list"]' },
  { path: '/transparence', content: '[data-testid="transparency"]' },
];

/** The shell's own pages, rendered by the composer itself. */
const LEGAL_PAGES = [
  { path: '/conditions-service', content: '[data-testid="legal-terms"] h1' },
  { path: '/politique-des-cookies', content: '[data-testid="legal-cookies"] h1' },
  { path: '/politique-de-privacite', content: '[data-testid="legal-privacy"] h1' },
];
const SHELL_PAGES = [{ path: '/', content: '[data-testid="home"] h1' }, ...LEGAL_PAGES];

/** Pages whose forms are server-rendered: readable at once, sent once the code is in. */
const FORM_PAGES = [
  { path: '/publication', content: '[data-testid="review-form"]' },
  { path: '/auth', content: '[data-testid="login-form"]' },
];

const FORM_NEEDS_JAVASCRIPT = {
  fr: 'Ce formulaire a besoin de JavaScript',
  es: 'Este formulario necesita JavaScript',
  en: 'This form needs JavaScript',
};

/**
 * Before any script of the page runs, marks every element the server sent (the document is parsed;
 * deferred scripts have not run yet) and starts keeping the page's largest-contentful-paint entries.
 */
async function watchTakeover(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { element: Element | null; size: number; startTime: number }[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[])
        w.__lcp.push({ element: e.element, size: e.size, startTime: e.startTime });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const el of document.querySelectorAll('#root *')) (el as Element & { __server?: boolean }).__server = true;
    });
  });
}

/** Whether every LCP entry is a node the server sent, still in the page (not replaced by the client's). */
function largestPaints(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __lcp: { element: (Element & { __server?: boolean }) | null; size: number }[] };
    return w.__lcp.map((e) => ({
      tag: e.element
        ? `${e.element.tagName.toLowerCase()}${e.element.getAttribute('data-testid') ? `[${e.element.getAttribute('data-testid')}]` : ''}`
        : null,
      server: Boolean(e.element?.__server),
      connected: Boolean(e.element?.isConnected),
      size: e.size,
    }));
  });
}

// A deployment serves warm: each page asked once (the renderer's first reads, the composer's sources)
// before the journeys measure it.
test.beforeAll(async ({ request }) => {
  for (const { path } of READING_PAGES) await request.get(path);
});

test.describe('a reading page arrives with its content', () => {
  for (const { path, content } of [...READING_PAGES, ...SHELL_PAGES, ...FORM_PAGES]) {
    test(`${path}: the server's HTML holds the content; the browser takes it over without a new largest paint or a shift`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ ...VIEWPORTS.mobile, baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      // React says so when it could not keep the server's HTML (a mismatch): it then renders anew.
      const mismatches: string[] = [];
      page.on('console', (m) => /not taken over|hydrat/i.test(m.text()) && mismatches.push(m.text()));
      await watchTakeover(page);
      const response = await page.goto(path);
      expect(response?.headers()['x-pupitre-composed']).toBe('rendered');
      const html = await response!.text();
      expect(html).toContain('id="pupitre-ssr"');
      await expect(page.locator(content).first()).toBeVisible();
      await takenOver(page);
      const paints = await largestPaints(page);
      expect(paints.length).toBeGreaterThan(0);
      // Every largest paint is a node the server sent, still in the page: nothing the client drew after
      // the takeover was larger.
      expect(
        paints.filter((p) => !p.server || !p.connected),
        JSON.stringify(paints),
      ).toEqual([]);
      const { cls, shifts } = await layoutShift(page);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
      expect(mismatches).toEqual([]);
      await context.close();
    });
  }

  test('the takeover keeps what the visitor typed and works as an app afterwards', async ({ page }) => {
    await watchTakeover(page);
    await page.goto('/teacher/1');
    await takenOver(page);
    const name = page.getByTestId('teacher-name');
    const before = await name.evaluate((el) => (el as Element & { __server?: boolean }).__server === true);
    expect(before).toBe(true);
    // Client-side navigation from the server page works (no full reload: the marker stays).
    await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
    await page.getByRole('navigation').locator('a[href="/communaute"]').first().click();
    await expect(page).toHaveURL(/\/communaute$/);
    expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
  });
});

test.describe('no script before the first paint', () => {
  for (const path of ['/teacher/1', '/communaute', '/']) {
    test(`${path}: main.js starts, and the code of the takeover is asked for, only once the content is painted`, async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { __asked: { what: string; at: number }[] };
        w.__asked = [];
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLScriptElement && node.src)
                w.__asked.push({ what: `script ${new URL(node.src).pathname}`, at: performance.now() });
              else if (node instanceof HTMLLinkElement && node.rel === 'preload' && node.as === 'script')
                w.__asked.push({ what: `preload ${new URL(node.href).pathname}`, at: performance.now() });
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await takenOver(page);
      const { paint, asked } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        asked: (window as unknown as { __asked: { what: string; at: number }[] }).__asked,
      }));
      expect(paint).not.toBeNull();
      const unhashed = (what: string) => what.replace(/\.[0-9a-f]{6,}\.js$/, '.js');
      // Before the paint, as the HTML was parsed: the early script and main.js's preload, nothing else.
      const before = asked.filter((a) => a.at < paint!).map((a) => unhashed(a.what));
      expect(before.sort(), JSON.stringify(asked)).toEqual(['preload /main.js', 'script /early.js']);
      // After it: main.js started, and the code the takeover runs asked for.
      const after = asked.filter((a) => a.at >= paint!).map((a) => unhashed(a.what));
      expect(after, JSON.stringify(asked)).toContain('script /main.js');
      expect(after, JSON.stringify(asked)).toContain('preload /i18n-common.js');
      if (path !== '/') expect(after, JSON.stringify(asked)).toContain('preload /mfe/community/remoteEntry.js');
    });
  }
});

test.describe('typed before the takeover', () => {
  /** Holds the route's screen chunk (`route-auth.<hash>.js`) until `release()`: the server's form is on screen, not yet the app. */
  async function holdScreen(page: Page, chunk: string) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(new RegExp(`/${chunk}\\.[0-9a-f]+\\.js$`), async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    return { release, asked: () => asked };
  }
  const takenOverYet = (page: Page) => page.evaluate(() => performance.getEntriesByName('pupitre:taken-over').length > 0);

  test('/auth: what is typed before the code arrives is kept, and the form sends it', async ({ page }) => {
    const screen = await holdScreen(page, 'route-auth');
    const response = await page.goto('/auth');
    expect(response?.headers()['x-pupitre-composed']).toBe('rendered');
    await page.locator('#login-email').pressSequentially('early@example.org');
    await page.locator('#login-password').pressSequentially('typed-before-takeover');
    await expect.poll(screen.asked).toBe(true);
    expect(await takenOverYet(page)).toBe(false);
    screen.release();
    await takenOver(page);
    await expect(page.locator('#login-email')).toHaveValue('early@example.org');
    await expect(page.locator('#login-password')).toHaveValue('typed-before-takeover');
    const login = page.waitForRequest((request) => request.url().includes('/auth/token/') && request.method() === 'POST');
    await page.getByTestId('login-form').locator('button[type="submit"]').click();
    expect((await login).postDataJSON()).toMatchObject({ email: 'early@example.org', password: 'typed-before-takeover' });
    await expect(page.getByTestId('login-form').getByTestId('form-error')).not.toBeEmpty();
  });

  test('/publication: a comment typed before the code arrives is kept, and counted', async ({ page }) => {
    const screen = await holdScreen(page, 'route-publication');
    await page.goto('/publication');
    await page.getByTestId('comment').pressSequentially('Typed early');
    await expect.poll(screen.asked).toBe(true);
    expect(await takenOverYet(page)).toBe(false);
    screen.release();
    await takenOver(page);
    await expect(page.getByTestId('comment')).toHaveValue('Typed early');
    await expect(page.getByTestId('comment-check')).toContainText('11 /');
    // The form works: sent empty of a teacher, it says so at the field.
    await page.getByTestId('submit').click();
    await expect(page.locator('[role="alert"], .pp-error').first()).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  for (const { path, content } of [...READING_PAGES, ...SHELL_PAGES]) {
    test(`${path} can be read, and says its forms need JavaScript`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator(content).first()).toBeVisible();
      await expect(page.locator('noscript, .pp-noscript').first()).toBeAttached();
      expect(await page.content()).toMatch(/se lit sans JavaScript|reads without JavaScript|se lee sin JavaScript/);
      await context.close();
    });
  }
});

test('a page is written in the language of the pupitre_lang cookie, which the cookie policy names', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'fr-FR' });
  await context.addCookies([{ name: 'pupitre_lang', value: 'en', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/politique-des-cookies');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
  await expect(page.getByText(/pupitre_lang keeps the language you read the site in/)).toBeVisible();
  await context.close();
});

test.describe('forms without JavaScript', () => {
  for (const [lang, locale] of [
    ['fr', 'fr-FR'],
    ['es', 'es-ES'],
    ['en', 'en-GB'],
  ] as const) {
    for (const { path, content } of FORM_PAGES) {
      test(`${path} (${lang}): the form is there, and says it needs JavaScript`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale });
        const page = await context.newPage();
        await page.goto(path);
        const form = page.locator(content);
        await expect(form).toBeVisible();
        await expect(form.getByTestId('needs-javascript')).toBeVisible();
        await expect(form.getByTestId('needs-javascript')).toContainText(FORM_NEEDS_JAVASCRIPT[lang]);
        await context.close();
      });
    }
  }
});

/** A stand-in renderer: `slow` answers after 2 s, `throwing` answers 500. */
async function badRenderer(kind: 'slow' | 'throwing') {
  const server = http.createServer((_req, res) => {
    const answer = () => {
      res.writeHead(kind === 'slow' ? 200 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(kind === 'slow' ? {} : { error: 'render-failed' }));
    };
    if (kind === 'slow') setTimeout(answer, 2000);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((r) => server.close(r)) };
}

test.describe('degrades to the page the browser builds', () => {
  // These stop and swap parts of the worker's stack: one at a time, each putting things back.
  test.describe.configure({ mode: 'serial' });

  async function expectClientRendered(page: Page) {
    const response = await page.goto('/teacher/1');
    expect(response?.status()).toBe(200);
    expect(await response!.text()).not.toContain('id="pupitre-ssr"');
    await expect(page.getByTestId('teacher-name')).toBeVisible();
  }

  test('a renderer that is down', async ({ page, stack }) => {
    await stack.stopServerPart!('renderer-community');
    try {
      await expectClientRendered(page);
    } finally {
      await stack.startServerPart!('renderer-community');
    }
  });

  for (const kind of ['slow', 'throwing'] as const) {
    test(`a renderer that is ${kind}`, async ({ page, stack }) => {
      const renderer = await badRenderer(kind);
      await stack.restartComposer!({ RENDERERS: `community=${renderer.url}` });
      try {
        const started = Date.now();
        await expectClientRendered(page);
        // A slow renderer delays the page by its time limit, not by its own time.
        if (kind === 'slow') expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        await stack.restartComposer!({});
        await renderer.stop();
      }
    });
  }

  test('a composer that is down: the shell serves index.html', async ({ page, stack }) => {
    await stack.stopServerPart!('composer');
    try {
      await expectClientRendered(page);
    } finally {
      await stack.startServerPart!('composer');
    }
  });
});
