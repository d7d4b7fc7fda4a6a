import { test, expect } from './support/fixtures';
import { auditPage, expectNoSeriousA11yViolation, createUser, signIn, type TestUser } from './support/users';
import { Authenticator } from './support/second-factor';

// Issue #38, item 3, in Chromium at 375 px against the real services: a member turns two-step
// verification on in the settings (the QR code and its key as text, a first code, the 10 recovery
// codes shown once), signs out, and signs in again with the password and then a code of the app;
// a wrong code is refused on the way. No horizontal scroll, axe clean at each step.

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block', viewport: { width: 375, height: 812 } });

let member: TestUser;
let app: Authenticator;

test.beforeAll(async ({ stack }) => {
  member = await createUser(stack, 'mfa');
});

const noHorizontalScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('turns it on in the settings: QR code, the key as text, a first code, the recovery codes once', async ({ browser, stack }) => {
  const context = await browser.newContext({ baseURL: stack.url, reducedMotion: 'reduce', viewport: { width: 375, height: 812 } });
  const page = await signIn(context, stack.url, member);
  await page.goto('/settings');
  const panel = page.getByTestId('second-factor');
  await panel.getByTestId('second-factor-start').click();
  await panel.getByLabel('Your current password').fill(member.password);
  await panel.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(panel.getByRole('img', { name: 'QR code that adds Pupitre to an authenticator app' })).toBeVisible();
  const secret = (await panel.getByTestId('second-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  app = new Authenticator(secret);
  const code = panel.getByLabel('Code from the app');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await noHorizontalScroll(page);
  await auditPage(page, 'settings-second-factor-scan'); // axe, then screenshots at 375 and 1280 px
  await code.fill(await app.nextCode());
  await panel.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = panel.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await noHorizontalScroll(page);
  await expectNoSeriousA11yViolation(page, 'settings-second-factor-codes');
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel).toContainText('Recovery codes left: 10.');
  await context.close();
});

test('signs out, then signs in with the password and a code of the app', async ({ browser, stack }) => {
  const context = await browser.newContext({ baseURL: stack.url, reducedMotion: 'reduce', viewport: { width: 375, height: 812 } });
  const page = await signIn(context, stack.url, null);
  await page.goto('/auth');
  const login = page.getByTestId('login-form');
  await login.getByLabel('E-mail address').fill(member.email);
  await login.getByLabel('Password').fill(member.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  const otp = login.getByLabel('Code from the app');
  await expect(otp).toBeFocused();
  await noHorizontalScroll(page);
  await expectNoSeriousA11yViolation(page, 'sign-in-second-factor');
  await otp.fill('000000');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByTestId('form-error')).toContainText('This code is wrong or was already used');
  await otp.fill(await app.nextCode());
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-success')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByTestId('second-factor')).toContainText('Recovery codes left: 10.');
  await context.close();
});
