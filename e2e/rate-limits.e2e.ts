import { BROWSING } from '../libs/contracts/src/browsing';
import { test, expect } from './support/fixtures';
import { createUser, signIn } from './support/users';

// Issue #37: the rating API's rate limits never meet a person browsing. This measures what each
// page really sends to the services (`/api/…`, `/auth/…`: counted whole, though the rating API serves only part of it) in Chromium, signed in, once its content shows and
// the network is idle, against BROWSING.pageReadsMax; the rating configuration's test holds the
// default limits to a page every BROWSING.pageEverySeconds for BROWSING.minutes.

const PAGES = [
  { path: '/', content: '[data-testid="home"] h1' },
  { path: '/communaute', content: '[data-testid="categories"], [data-testid="ranking-list"]' },
  { path: '/teacher/1', content: '[data-testid="teacher-name"]' },
  { path: '/ranking', content: '[data-testid="ranking-list"]' },
  { path: '/publication', content: '[data-testid="review-form"]' },
  { path: '/me/reviews', content: 'main h1' },
  { path: '/me/favorites', content: 'main h1' },
  { path: '/transparence', content: 'main h1' },
];

test(`each page sends at most ${BROWSING.pageReadsMax} requests to the rating API`, async ({ browser, stack }) => {
  const user = await createUser(stack, 'browsing');
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  try {
    const page = await signIn(context, stack.url, user, 'fr');
    const seen: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^\/(api|auth)\//.test(url.pathname)) seen.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    const reads: Record<string, string[]> = {};
    for (const { path, content } of PAGES) {
      seen.length = 0;
      await page.goto(`${stack.url}${path}`);
      await page.locator(content).first().waitFor();
      await page.waitForLoadState('networkidle');
      reads[path] = [...seen];
    }
    console.log(
      Object.entries(reads)
        .map(([p, r]) => `${p}: ${r.length} (${r.join(', ')})`)
        .join('\n'),
    );
    const over = Object.entries(reads).filter(([, r]) => r.length > BROWSING.pageReadsMax);
    expect(over).toEqual([]);
  } finally {
    await context.close();
  }
});
