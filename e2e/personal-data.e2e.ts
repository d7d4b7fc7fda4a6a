import fs from 'node:fs';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { SCREENSHOT_DIR } from './support/pages';
import { apiAs, createUser, pageFor } from './support/users';

// Issue #41: "Download my data" on /settings at 375 px. The user votes on and favours a public review,
// then downloads one JSON file, labelled in the site's language (English here), with their account
// and those traces in it; never anyone else's e-mail.

test.use({ serviceWorkers: 'block' });

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('downloads pupitre-my-data-YYYY-MM-DD.json with the account, the vote and the favourite', async ({ browser, stack }) => {
  const user = await createUser(stack, 'export');
  const api = apiAs(stack, user);
  const community = (await api.get('/api/rating/community')).body as { reviews?: { id: number }[] }[];
  const reviewId = community.flatMap((block) => block.reviews ?? [])[0]?.id;
  expect(reviewId).toBeDefined();
  expect((await api.post(`/api/relatable/${reviewId}`, { value: true })).status).toBe(200);
  expect((await api.post(`/api/rating/${reviewId}/favorite`, { value: true })).status).toBe(200);

  const page = await pageFor(browser, stack.url, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/settings');
  const button = page.getByRole('button', { name: 'Download my data' });
  await expect(button).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`pupitre-my-data-${new Date().toISOString().slice(0, 10)}.json`);
  const doc = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(doc['About this document']).toContain('A copy of your personal data on Pupitre');
  expect(doc['Account']['E-mail address']).toBe(user.email);
  expect(doc['Account']['Open sessions'].length).toBeGreaterThanOrEqual(1);
  expect(doc['Votes']).toEqual([{ 'Review no.': reviewId, Relatable: 'Yes' }]);
  expect(doc['Favourites']).toEqual([{ 'Review no.': reviewId }]);
  expect(doc['Reviews']).toEqual([]);
  await expect(page.getByTestId('data-export-status')).toContainText('Downloaded: pupitre-my-data-');
  await expect(button).toHaveAttribute('aria-busy', 'false');
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'data-export-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'data-export-1280.png') });
});
