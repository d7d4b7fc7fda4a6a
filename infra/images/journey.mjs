// The whole journey of `npm run images:check`, in Debian's Chromium through the gateway in front of
// the containers: sign up, activate from the mail catcher, sign in, publish a review, and see it
// public once the worker container has published it (with `expectComposed`, on a /communaute the
// composer answered server-rendered: `x-pupitre-composed: rendered`). A failure leaves a screenshot
// in artifacts/images/journey-failure.png.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../e2e/support/chromium.mjs';
import fs from 'node:fs';
import { ROOT } from '../local/lib/paths.mjs';

const TEACHER = 'Faure'; // a demo teacher (SES)
const PASSWORD = 'Pupitre-images-2025!';

/** The session's local-storage key of the language (libs/session/src/keys.ts, read as text: no TS loader here). */
function langKey() {
  const m = /\blang:\s*'([^']+)'/.exec(fs.readFileSync(path.join(ROOT, 'libs/session/src/keys.ts'), 'utf8'));
  if (!m) throw new Error('libs/session/src/keys.ts: no `lang` key found');
  return m[1];
}

/** The newest link to `address` in the mail catcher matching `pattern`, waited for. */
async function mailLink(mailUrl, address, pattern, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await (await fetch(`${mailUrl}/email`)).json();
    for (const mail of mails.reverse()) {
      if (!mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase())) continue;
      const match = `${mail.text ?? ''}\n${mail.html ?? ''}`.match(pattern);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
}

/**
 * Goes to `target`. A page the composer answered server-rendered (`x-pupitre-composed: rendered`:
 * with the three renderers, /auth and /publication too) is then waited for until the browser's code
 * has taken it over (the `pupitre:taken-over` mark, libs/mf-runtime/src/ssr.ts): its buttons act only
 * then, as e2e/support/takeover.ts waits in the journeys.
 */
async function open(page, target) {
  const response = await page.goto(target);
  if (response?.headers()['x-pupitre-composed'] === 'rendered') {
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, 'pupitre:taken-over', { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
  }
  return response;
}

/** Resolves to a short summary; throws with the step that failed. */
export async function runJourney({ url, mailUrl, log = () => {}, artifacts, expectComposed = false }) {
  ensureChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: url, reducedMotion: 'reduce', locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  let step = 'start';
  const at = (name) => {
    step = name;
    log(name);
  };
  try {
    const email = `images.check.${Date.now()}@example.org`;
    at(`sign-up of ${email} on /auth`);
    await page.goto('/sw.js'); // an origin for the session's language (English), a plain page of it: API answers are downloads
    await page.evaluate((key) => localStorage.setItem(key, 'en'), langKey());
    await open(page, '/auth?form=signup');
    const signup = page.getByTestId('signup-form');
    await signup.getByLabel('E-mail address').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signup.getByLabel('Confirm the password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('login-form').waitFor();

    at('activation link read from the mail catcher, opened');
    const link = await mailLink(mailUrl, email, /\/activate\/[^\s"'<>]+/);
    await open(page, link);
    await page.getByTestId('activation-result').filter({ hasText: 'Account activated' }).waitFor();

    at('sign-in');
    await open(page, '/auth?form=login');
    const login = page.getByTestId('login-form');
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-success').waitFor();

    at(`a review of M. ${TEACHER} published on /publication`);
    await open(page, '/publication');
    await page.getByTestId('review-form').waitFor();
    await page.getByRole('searchbox', { name: 'Teacher' }).fill(TEACHER);
    await page
      .getByTestId('teacher-results')
      .getByRole('button', { name: new RegExp(TEACHER) })
      .click();
    await page.getByTestId('year-select').selectOption({ label: 'Year 13 (Terminale)' });
    for (const fieldset of await page.locator('[data-testid^="grade-"]').all()) await fieldset.locator('label').nth(4).click();
    await page.getByTestId('overall').focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.getByTestId('comment').fill('Checked in the images');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/rating/0') && r.request().method() === 'POST');
    await page.getByTestId('submit').click();
    const response = await created;
    if (response.status() !== 201) throw new Error(`publishing answered ${response.status()}: ${await response.text()}`);
    const reviewId = (await response.json()).id;
    await page.waitForURL(new RegExp(`/publication/complete\\?id=${reviewId}$`));

    at(`review ${reviewId} public on /communaute once the worker has published it`);
    const started = Date.now();
    let composed;
    for (;;) {
      composed = (await page.goto('/communaute'))?.headers()['x-pupitre-composed'];
      const card = page.getByTestId('category-recent').locator(`[data-review-id="${reviewId}"]`);
      try {
        await card.waitFor({ timeout: 2_000 });
        // A renderer slower than the composer's RENDER_TIMEOUT_MS gives the browser-built page: load again.
        if (!expectComposed || composed === 'rendered') break;
      } catch {
        // not public yet
      }
      if (Date.now() - started > 30_000)
        throw new Error(`review ${reviewId} not public on a server-rendered /communaute after 30 s (x-pupitre-composed: ${composed})`);
    }
    const how = composed ? `, /communaute ${composed === 'rendered' ? 'server-rendered' : `x-pupitre-composed: ${composed}`}` : '';
    return `review ${reviewId} public ${((Date.now() - started) / 1000).toFixed(1)} s after the thank-you page${how}`;
  } catch (err) {
    if (artifacts) await page.screenshot({ path: path.join(artifacts, 'journey-failure.png'), fullPage: true }).catch(() => {});
    throw new Error(`journey step "${step}" failed at ${page.url()}: ${err.message.split('\n')[0]}`, { cause: err });
  } finally {
    await browser.close();
  }
}
