import fs from 'node:fs';
import { test, expect } from './support/fixtures';
import { buildRemoteVariant } from '../infra/local/lib/build.mjs';
import { serveStatic } from '../infra/local/lib/static-server.mjs';

// Version skew between a deployed shell and remotes built at other times. A remote asks the host
// for each shared singleton within a caret range of what it was built with: one built against an
// older minor works with the current shell; one that needs another major is refused by the
// federation runtime and shows its "section unavailable" panel, with the reason logged, never a
// blank page.

test.describe.configure({ mode: 'serial' });

async function withCommunityVariant(
  stack: { remotesFile: string; writeRemotes: (r: Record<string, string>) => Promise<void> },
  variant: { version: string; outDir: string; env: Record<string, string> },
  run: () => Promise<void>,
) {
  const dir = buildRemoteVariant('mfe-community', variant);
  const server = await serveStatic({ port: 0, dir, name: `mfe-community ${variant.version}` });
  const original = fs.readFileSync(stack.remotesFile, 'utf8');
  try {
    await stack.writeRemotes({ ...JSON.parse(original), community: `${server.url}/mf-manifest.json` });
    await run();
  } finally {
    fs.writeFileSync(stack.remotesFile, original);
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a remote built against an older minor of the shared router works with the current shell', async ({ page, stack }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const env = {
    MF_SHARED_REQUIRED: JSON.stringify({ 'react-router': '^8.0.0' }),
    MF_SHARED_VERSION: JSON.stringify({ 'react-router': '8.0.0' }),
  };
  await withCommunityVariant(stack, { version: '0.0.9-older', outDir: 'dist-skew-minor', env }, async () => {
    await page.goto('/communaute');
    // The remote's root carries the build that rendered it (an attribute, never shown to readers: #15).
    await expect(page.getByTestId('mfe-community')).toHaveAttribute('data-mfe-version', '0.0.9-older');
    await expect(page.getByTestId('ranking-list').locator('li').first()).toBeVisible();
    await page.getByTestId('ranking-list').locator('a').first().click();
    await expect(page).toHaveURL(/\/teacher\/\d+$/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
  expect(errors).toEqual([]);
});

test('a remote that needs another major of a shared singleton shows its unavailable panel, with the reason logged', async ({
  page,
  stack,
}) => {
  const errors: string[] = [];
  const logged: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => logged.push(m.text()));
  const env = { MF_SHARED_REQUIRED: JSON.stringify({ react: '^20.0.0' }) };
  await withCommunityVariant(stack, { version: '2.0.0-next', outDir: 'dist-skew-major', env }, async () => {
    await page.goto('/communaute');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect.poll(() => logged.join('\n')).toMatch(/shared singleton module react does not satisfy the requirement .* \^20\.0\.0/);

    // The other sections are untouched.
    await page.goto('/publication');
    await expect(page.getByTestId('subject-list').locator('li').first()).toBeVisible();
  });
  expect(errors).toEqual([]);
});
