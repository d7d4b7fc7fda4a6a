import { test, expect } from './support/fixtures';

// Each micro-frontend also runs alone: its standalone page (dist/index.html, served by its own
// static server behind the edge, so /api is the same origin) renders its screens with data,
// without the shell.

for (const { remote, path, ready } of [
  { remote: 'community', path: '/communaute', ready: 'ranking-list' },
  { remote: 'review', path: '/publication', ready: 'subject-list' },
] as const) {
  test(`mfe-${remote} standalone renders ${path} with data from the services`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/mfe/${remote}/index.html`);
    // The standalone frame lists the remote's own pages; following one is a client-side navigation.
    await page.getByRole('link', { name: path, exact: true }).click();
    await expect(page.getByTestId(`mfe-${remote}`)).toBeVisible();
    await expect(page.getByTestId(ready).locator('li').first()).toBeVisible();
    // No shell: no navbar, and the remote's own build marker.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByTestId(`mfe-${remote}`)).toHaveAttribute('data-mfe-version', /.+/);
    expect(errors).toEqual([]);
  });
}

test('mfe-community standalone: a teacher page with his reviews', async ({ page }) => {
  await page.goto('/mfe/community/index.html');
  await page.getByRole('link', { name: '/teacher/:id' }).click();
  await expect(page.getByTestId('teacher-name')).not.toBeEmpty();
  await expect(page.getByTestId('teacher-reviews').getByTestId('review-card').first()).toBeVisible();
});
