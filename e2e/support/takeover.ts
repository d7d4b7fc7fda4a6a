// A server-rendered page (issue #39) is taken over by the browser's code a moment after it is shown:
// until then its buttons cannot act (no script is attached yet). Journeys that click at once wait for it.
import { type Page } from '@playwright/test';

/** Resolves once the page's code has taken the server's HTML over (the `pupitre:taken-over` mark) and its own reads are in. */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('pupitre:taken-over').length > 0, null, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}
