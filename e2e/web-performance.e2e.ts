import { test, expect } from './support/fixtures';
import { layoutShiftAfterLoad, MEASURED_ROUTES, requestWaves, RUNTIME_CORE_TEXT, VIEWPORTS } from './support/page-metrics.mjs';

// The timing-free guard of issue #16 (the figures themselves come from `npm run bench:web`):
//   - on every measured route, phone and desktop, the cumulative layout shift read from the
//     Performance API's `layout-shift` entries once the page has loaded and settled is ≤ 0.02
//     (the remote's area holds its size from the first paint, the footer is never pushed);
//   - the number of sequential request waves before the route's content is painted stays within
//     the route's budget (MEASURED_ROUTES): a new round trip in the chain fails here, however fast
//     the machine is.

const MAX_CLS = 0.02;

test.describe.configure({ mode: 'serial' });

for (const route of MEASURED_ROUTES) {
  for (const [name, device] of Object.entries(VIEWPORTS)) {
    test(`${route.path} on ${name}: layout shift after load ≤ ${MAX_CLS}`, async ({ browser, stack }) => {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR', ...device });
      try {
        const { cls, shifts } = await layoutShiftAfterLoad(await context.newPage(), `${stack.url}${route.path}`, route.content);
        expect(cls, `shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
      } finally {
        await context.close();
      }
    });
  }

  test(`${route.path}: at most ${route.maxWaves} sequential request waves before the content is painted`, async ({ browser, stack }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR', ...VIEWPORTS.mobile });
    try {
      const { waves, paths } = await requestWaves(await context.newPage(), `${stack.url}${route.path}`, route.content);
      const chain = paths.map((wave, i) => `${i + 1}: ${wave.join(' ')}`).join('\n');
      expect(waves, `waves:\n${chain}`).not.toBeNull();
      expect(waves!, `waves:\n${chain}`).toBeLessThanOrEqual(route.maxWaves);
    } finally {
      await context.close();
    }
  });
}

// Issue #17: the remotes carry no federation runtime of their own (built with
// `experiments.externalRuntime`); the shell's lazily loaded runtime chunk provides it. A text only
// the runtime core holds is found in exactly one of the scripts a page loads, however many remotes
// it visits.

test('the federation runtime is loaded once per page, whatever the number of remotes visited', async ({ browser, stack }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js'))
        scripts.set(
          url.pathname,
          response.text().catch(() => ''),
        );
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/multiple module federation runtime/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(`${stack.url}/communaute`);
    await expect(page.getByTestId('categories')).toBeVisible();
    for (const [link, ready] of [
      ['Publier', 'review-form'],
      ['Se connecter', 'login-form'],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name: link, exact: true }).first().click();
      await expect(page.getByTestId(ready)).toBeVisible();
    }
    const bodies = await Promise.all([...scripts].map(async ([file, text]) => [file, await text] as const));
    const remotes = new Set(bodies.flatMap(([file]) => file.match(/^\/mfe\/([a-z]+)\/remoteEntry\.js$/)?.slice(1) ?? []));
    expect([...remotes].sort()).toEqual(['account', 'community', 'review']);
    const withRuntime = bodies.filter(([, text]) => text.includes(RUNTIME_CORE_TEXT)).map(([file]) => file);
    // One file, the shell's (a chunk of its lazy federation import), none under /mfe/.
    expect(withRuntime).toEqual([expect.stringMatching(/^\/(?!mfe\/)[\w.-]+\.js$/)]);
    expect(
      await page.evaluate(() => (globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM?.name),
    ).toBe('shell');
    expect(warnings).toEqual([]);
  } finally {
    await context.close();
  }
});
