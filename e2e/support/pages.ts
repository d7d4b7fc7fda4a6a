// Helpers of the shell and account journeys: the mail catcher's inbox, accessibility checks with
// axe-core and screenshots at the two widths the product is checked at.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { runAxe } from './page-checks';

export const SCREENSHOT_DIR = path.join(ROOT, 'artifacts/screenshots');
export const WIDTHS = [375, 1280] as const;

interface Mail {
  to: { address: string }[];
  subject: string;
  html?: string;
  text?: string;
  date?: string;
}

/** The newest mail to `address` whose body holds `pattern`; waits for it (maildev REST API). */
export async function findMailLink(mailUrl: string, address: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
    for (const mail of mails.reverse()) {
      if (!mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase())) continue;
      const match = `${mail.text ?? ''}\n${mail.html ?? ''}`.match(pattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
}

/** axe-core in the page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await runAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots of the current page at 375 px and 1280 px (artifacts/screenshots/<name>-<width>.png). */
export async function screenshots(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await ready?.();
    // From the top, once painted: a page left scrolled down was captured with its bar mid-page and unpainted tiles below.
    await page.evaluate(() => new Promise((done) => (window.scrollTo(0, 0), requestAnimationFrame(() => requestAnimationFrame(done)))));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/** Axe at 1280 px, then both screenshots. */
export async function checkPage(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  await expectAccessible(page, name);
  await screenshots(page, name, ready);
}
