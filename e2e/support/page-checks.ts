// The checks every page of the product passes at every width (e2e/responsive.e2e.ts): no
// horizontal overflow, axe clean, tap targets of 44 px on phones; and what its console says.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core's own file (the one @axe-core/playwright injects), put in the page once per document and
// run there directly: the wrapper injects it again on every call and opens a blank page to finish
// each run, which made the responsive matrix's several runs per page most of its time.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's results for the page's document (WCAG rules by `tags`, or only the named `rules`). */
export async function runAxe(page: Page, only: { tags: string[] } | { rules: string[] }): Promise<AxeResults> {
  // Finite animations still running (a popup fading out, the navbar's links sliding back) are
  // finished first: axe measures colours as they end up, not mid-fade (a fading popup once failed
  // colour contrast). Their end state at once, and two frames for what their ends trigger (a popup
  // removed), instead of waiting for them to play out. Endless ones (carousels, spinners) run on.
  await page.evaluate(async () => {
    for (const a of document.getAnimations())
      if (a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime))) a.finish();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: 'tags' in only ? { type: 'tag', values: only.tags } : { type: 'rule', values: only.rules },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    (opts) => (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe's rules for them, every impact. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules whose outcome depends on the sizes of things: run again at each width. The others
 * (colour contrast included: every background is flat, set by tokens, none under an image) depend
 * on the document alone, which the width changes only through the navbar (compact up to 700 px),
 * so they run fully at one phone and one desktop width.
 */
export const LAYOUT_RULES = ['target-size', 'scrollable-region-focusable'];

export const TAP_TARGET_PX = 44;

/** The page is no wider than the window: nothing to scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number } | null> {
  const m = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  return m.scrollWidth > m.innerWidth ? m : null;
}

/** axe's violations, as "rule (impact): targets". `layoutOnly` runs the layout rules alone. */
export async function axeViolations(page: Page, layoutOnly: boolean): Promise<string[]> {
  const results = await runAxe(page, layoutOnly ? { rules: LAYOUT_RULES } : { tags: AXE_TAGS });
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Controls smaller than 44 × 44 px. Links inside a sentence (display: inline) are the WCAG 2.5.8
 * exception; a radio or checkbox counts by the label that holds it (a tap on it checks it); hidden
 * elements and the skip link (off-screen until focused) are not on screen to be tapped.
 */
export async function smallTapTargets(page: Page, min = TAP_TARGET_PX): Promise<string[]> {
  return page.evaluate((size) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}]`;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]') || !el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      let target: HTMLElement = el;
      const style = getComputedStyle(el);
      if (el instanceof HTMLInputElement && ['radio', 'checkbox'].includes(el.type)) target = el.closest('label') ?? el;
      else if (style.display === 'inline') continue;
      const box = target.getBoundingClientRect();
      if (box.right <= 0) continue;
      if (Math.round(box.width) < size || Math.round(box.height) < size)
        small.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return [...new Set(small)];
  }, min);
}
