// A page left while its start-up session renewal is on its way (a link tapped on a server-rendered
// page before its code took over, a reload) never stores the rotated refresh cookie. The next page
// presents the token just rotated: within the rotation overlap (ADR 0013) the visitor stays signed
// in. The lost answer is made certain here: the renewal reaches the server, and its answer is
// dropped before the browser sees it.
import { test, expect } from './support/fixtures';
import { takenOver } from './support/takeover';
import { publishSampleReview } from './support/accounts.mjs';
import { createUser, signIn } from './support/users';

const REFRESH = '**/auth/token/refresh/';

test('a renewal whose answer never arrived leaves the visitor signed in on the next pages', async ({ browser, stack }) => {
  const user = await createUser(stack, 'quick-navigation');
  await publishSampleReview(stack, user);
  const context = await browser.newContext({ baseURL: stack.url, locale: 'en-GB' });
  const page = await signIn(context, stack.url, user, 'en');
  let lost = 0;
  await page.route(REFRESH, async (route) => {
    // The server rotates the token; the browser never stores the new cookie (Playwright's fetch would
    // store it in the context: the old one is put back), and the page is gone before the answer lands.
    const before = await context.cookies();
    await route.fetch();
    await context.clearCookies();
    await context.addCookies(before);
    lost++;
    await route.abort('aborted');
  });
  await page.goto('/communaute');
  // The page may try again after the failure: each try is lost the same way.
  await expect.poll(() => lost).toBeGreaterThanOrEqual(1);
  await page.waitForLoadState('networkidle');
  await page.unroute(REFRESH);

  // The next page, then another, as a quick reader would: still signed in, able to publish.
  await page.goto('/me/reviews');
  await expect(page.getByTestId('my-review')).toHaveCount(1);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/publication');
  await takenOver(page);
  await expect(page.getByTestId('comment')).toBeVisible();
  await expect(page.getByText('Sign in to publish')).toHaveCount(0);
  // And the session answers the server: one more renewal works.
  const renewal = await page.evaluate(async () => {
    const res = await fetch('/auth/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Pupitre-Session': 'cookie' },
      body: '{}',
    });
    return res.status;
  });
  expect(renewal).toBe(200);
  await context.close();
});
