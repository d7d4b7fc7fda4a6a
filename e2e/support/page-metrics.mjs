// Page measurements that need no timing, shared by the end-to-end guard (web-performance.e2e.ts)
// and `npm run bench:web`:
//   - layoutShift: the page's cumulative layout shift from the Performance API's `layout-shift`
//     entries (those without recent input), with the elements that moved;
//   - requestWaves: how many sequential round trips the page needs before its content is painted.
//     Every request is held; when the page has nothing left to do, everything held is let through
//     at once (one "wave"); repeat until the content is visible. Requests that could have been in
//     flight together fall into the same wave, a request that needed another's answer into a later
//     one, so the count does not depend on how fast the machine or the network is.

/** The measured routes: path, what shows that its content is painted, and at most how many waves. */
export const MEASURED_ROUTES = [
  { path: '/', content: '[data-testid="home"] h1', maxWaves: 2 },
  { path: '/communaute', content: '[data-testid="categories"], [data-testid="ranking-list"]', maxWaves: 2 },
  { path: '/teacher/1', content: '[data-testid="teacher-name"]', maxWaves: 2 },
  { path: '/ranking', content: '[data-testid="ranking-list"]', maxWaves: 2 },
  { path: '/publication', content: '[data-testid="review-form"]', maxWaves: 2 },
  { path: '/auth', content: '[data-testid="mfe-account"] form', maxWaves: 2 },
];

/** Lighthouse's default (mobile) screen and its desktop preset, for Playwright contexts. */
export const VIEWPORTS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
};

/**
 * Sum of the page's layout shifts so far (entries with `hadRecentInput` left out), and for each
 * shift the elements that moved (tag, test id or class). Reads the buffered entries.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ cls: number, shifts: { value: number, sources: string[] }[] }>}
 */
export async function layoutShift(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const shifts = [];
        const describe = (node) => {
          if (!node || node.nodeType !== 1) return String(node?.nodeName ?? '?');
          const id = node.getAttribute('data-testid');
          const cls = typeof node.className === 'string' && node.className ? `.${node.className.split(/\s+/)[0]}` : '';
          return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}`;
        };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.hadRecentInput) continue;
            shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries are delivered asynchronously: two frames later they are all in.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            observer.disconnect();
            resolve({ cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts });
          }),
        );
      }),
  );
}

/**
 * Opens `url` and waits until it has loaded, its content is visible and the network has been quiet
 * (lazy parts mounted once the page is idle included), then reads its layout shifts.
 * @param {import('playwright-core').Page} page
 */
export async function layoutShiftAfterLoad(page, url, content) {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(content).first().waitFor({ state: 'visible', timeout: 30_000 });
  await quiet(page);
  // The home page mounts its carousel once idle: let that happen and settle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })));
  await quiet(page);
  return layoutShift(page);
}

/**
 * The network quiet, waited for 20 s at most: on a loaded machine Chromium once never reported a
 * page whose requests had all finished as idle, and the test ran out of time (the shifts are read
 * all the same; every request of the page had ended).
 */
async function quiet(page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
}

/**
 * Resolves once the page's main thread has been idle (or 1 s has passed). While a navigation waits
 * for its document (held), there is no page to ask: a short pause stands in.
 */
async function idle(page) {
  const asked = page
    .evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 1000 })))
    .catch(() => undefined);
  await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 3000))]);
}

/**
 * Counts the sequential request waves before `content` is visible (see the top of this file).
 * Returns the number of waves (the HTML page is wave 1) and each wave's paths; `waves` is null when
 * the content never showed within `maxWaves + 4` waves.
 * @param {import('playwright-core').Page} page a page of a context with service workers blocked
 * @param {string} url
 * @param {string} content selector of the route's content
 */
export async function requestWaves(page, url, content, { limit = 12 } = {}) {
  const held = [];
  const settled = new Set();
  page.on('requestfinished', (request) => settled.add(request));
  page.on('requestfailed', (request) => settled.add(request));
  await page.route('**/*', (route) => {
    held.push(route);
  });
  const waves = [];
  const navigation = page.goto(url, { waitUntil: 'load', timeout: 120_000 }).catch(() => undefined);
  try {
    // Wave 1 is the document alone: there is no page to ask for idleness before it arrives.
    for (let i = 0; i < 400 && held.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    for (let wave = 1; wave <= limit; wave += 1) {
      // Let the page finish what it is doing (parse, run scripts) until it asks for nothing more.
      let seen = wave === 1 && held.length > 0 ? held.length : -1;
      while (seen !== held.length) {
        seen = held.length;
        await idle(page);
        await page.waitForTimeout(150);
        await idle(page);
      }
      if (held.length === 0) break;
      const batch = held.splice(0);
      waves.push(batch.map((route) => new URL(route.request().url()).pathname + new URL(route.request().url()).search));
      await Promise.all(batch.map((route) => route.continue().catch(() => undefined)));
      const done = () => batch.every((route) => settled.has(route.request()));
      for (let i = 0; i < 600 && !done(); i += 1) await page.waitForTimeout(50);
      await idle(page);
      if (
        await page
          .locator(content)
          .first()
          .isVisible()
          .catch(() => false)
      )
        return { waves: wave, paths: waves };
    }
    return { waves: null, paths: waves };
  } finally {
    await page.unroute('**/*').catch(() => undefined);
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await navigation;
  }
}

/**
 * A text only Module Federation's runtime core holds: the scripts of a page that contain it are the
 * copies of the runtime it loaded (one, the shell's: the remotes are built without theirs).
 */
export const RUNTIME_CORE_TEXT = 'A plugin returned an unacceptable value for the ';
