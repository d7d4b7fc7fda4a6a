import { test, expect } from './support/fixtures';
import { layoutShiftAfterLoad, MEASURED_ROUTES, requestWaves, VIEWPORTS } from './support/page-metrics.mjs';

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
