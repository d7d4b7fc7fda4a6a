// Content-Security-Policy violations, collected from every page of a browser context: each page
// reports its `securitypolicyviolation` events on the console (an init script, which the policy
// does not govern), and Chromium's own console errors about the policy are caught as well.
import type { BrowserContext } from '@playwright/test';

const MARKER = '[csp-violation]';

/** Whether a console text is a CSP violation (ours or Chromium's). */
export function isCspViolation(text: string): boolean {
  return text.startsWith(MARKER) || /Content Security Policy/i.test(text);
}

function reportViolations(marker: string): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(
      `${marker} ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber} ${e.sample}`,
    );
  });
}

/** Adds every violation seen in `context`'s pages to `sink` as "<page URL>: <message>". */
export async function watchContentSecurityPolicy(context: BrowserContext, sink: string[]): Promise<void> {
  context.on('console', (message) => {
    if (isCspViolation(message.text())) sink.push(`${message.page()?.url() ?? '(no page)'}: ${message.text()}`);
  });
  await context.addInitScript(reportViolations, MARKER);
}
