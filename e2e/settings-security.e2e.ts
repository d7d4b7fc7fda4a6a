import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { callApi } from './support/accounts.mjs';
import { test, expect } from './support/fixtures';
import { checkPage, expectAccessible } from './support/pages';
import { createUser, pageFor } from './support/users';

// Issue #38, /settings: the password changed at 375 px (the other session ends), the sessions
// listed with their device and one of them signed out; and the strength meter's dictionaries, kept
// off the first load, fetched when a new-password field is first focused (their bytes measured).

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

const NEW_PASSWORD = 'Nouveau-cartable-2026!';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A sign-in from another device (an iPhone's Safari): its tokens. */
async function signInElsewhere(base: string, email: string, password: string): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${base}/auth/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': IPHONE },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access: string; refresh: string };
}
const refreshStatus = async (base: string, refresh: string) => (await callApi(base, 'POST', '/auth/token/refresh/', { refresh })).status;

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('change the password at 375 px: the other session ends; list the sessions and sign one out', async ({ browser, stack }) => {
  const user = await createUser(stack, 'settings');
  const phone = await signInElsewhere(stack.url, user.email, user.password);
  const page = await pageFor(browser, stack.url, user);
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/settings');
  const sessions = page.getByTestId('sessions-list');
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  const mine = sessions.locator('[data-current="true"]');
  await expect(mine).toContainText('This device');
  await expect(sessions.locator('[data-current="false"]')).toContainText('Safari on iOS · phone');
  expect(await noSideScroll(page)).toBe(true);

  // The new password, shown with the toggle, rated by the meter (its dictionaries fetched on focus).
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(form.getByTestId('password-strength')).toBeVisible();
  const newId = await form.getByLabel('New password', { exact: true }).getAttribute('id');
  const toggle = form.locator(`button[aria-controls="${newId}"]`);
  await expect(toggle).toHaveAccessibleName('Show password');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await checkPage(page, 'settings-security-form');
  await page.setViewportSize({ width: 375, height: 812 });
  await form.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByTestId('change-password-success')).toContainText('Your other sessions were signed out');

  // The phone's session has ended: its list entry, its refresh token; this one goes on.
  await expect(sessions.getByTestId('session')).toHaveCount(1);
  await expect(mine).toContainText('This device');
  expect(await refreshStatus(stack.url, phone.refresh)).toBe(401);
  await checkPage(page, 'settings-security-after-change');

  // Signed in again on the phone with the new password, then signed out from here.
  const again = await signInElsewhere(stack.url, user.email, NEW_PASSWORD);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  const other = sessions.locator('[data-current="false"]');
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sessions-status')).toHaveText('That session was signed out.');
  await expect(sessions.getByTestId('session')).toHaveCount(1);
  expect(await refreshStatus(stack.url, again.refresh)).toBe(401);
  expect(await noSideScroll(page)).toBe(true);
  await expectAccessible(page, 'settings-security-375');
  await page.context().close();
});

test('the strength meter’s dictionaries are not in the first load: fetched on the first focus of a new password', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext({ baseURL: stack.url, reducedMotion: 'reduce', locale: 'en-GB' });
  const page = await context.newPage();
  const files: { file: string; bytes: number; after: boolean }[] = [];
  let focused = false;
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/mfe/account/') || !url.pathname.endsWith('.js')) return;
    const after = focused;
    const sizes = await request.sizes().catch(() => null);
    files.push({ file: path.basename(url.pathname), bytes: sizes?.responseBodySize ?? 0, after });
  });
  await page.goto('/auth?form=signup');
  await expect(page.getByTestId('signup-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const dictionary = (f: { file: string }) => /^password-(strength|words)/.test(f.file);
  expect(files.filter(dictionary)).toEqual([]);

  focused = true;
  const words = page.waitForResponse((r) => /\/password-words-[a-z]+\.[0-9a-f]+\.js$/.test(r.url()));
  await page
    .getByTestId('signup-form')
    .getByLabel(/^(Password|Mot de passe|Contraseña)$/)
    .focus();
  await words;
  await page
    .getByTestId('signup-form')
    .getByLabel(/^(Password|Mot de passe|Contraseña)$/)
    .fill('motdepasse');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', /[01]/);
  await page.waitForLoadState('networkidle');
  const lazy = files.filter((f) => f.after && dictionary(f));
  expect(lazy.map((f) => f.file.replace(/\.[0-9a-f]+\.js$/, '')).sort()).toEqual(
    expect.arrayContaining(['password-strength', 'password-strength-common']),
  );
  const sum = (list: typeof files) => list.reduce((n, f) => n + f.bytes, 0);
  const report = {
    route: '/auth?form=signup',
    firstLoadJsBytes: sum(files.filter((f) => !f.after)),
    dictionaryBytes: sum(lazy),
    files,
  };
  const out = path.join(ROOT, 'artifacts/bench/password-strength-bytes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  test
    .info()
    .annotations.push({ type: 'bytes', description: JSON.stringify({ first: report.firstLoadJsBytes, lazy: report.dictionaryBytes }) });
  await context.close();
});
