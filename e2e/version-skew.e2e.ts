import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { buildRemoteVariant } from '../infra/local/lib/build.mjs';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { freePortList, waitForHttp as waitForHttpUntyped } from '../infra/local/lib/ports.mjs';
import { startProcess as startProcessUntyped } from '../infra/local/lib/proc.mjs';
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

// Server rendering (issue #39): the community team deploys its renderer on its own. A renderer of a
// newer build, behind the composer (shell) of today, serves its pages; HTML is spliced only into a
// page whose browser code is that same build, else the page is built in the browser, as before.
// The two helpers' option types as their JSDoc-less defaults leave them, widened.
const startProcess = startProcessUntyped as unknown as (options: {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}) => { alive: boolean; stop: () => Promise<unknown> };
const waitForHttp = waitForHttpUntyped as unknown as (
  url: string,
  options: { what: string; isAlive: () => boolean; okStatus: number },
) => Promise<void>;

test('a renderer of a newer build works behind the current shell; a renderer of another build than the page is not spliced', async ({
  browser,
  stack,
}) => {
  const version = '0.2.0-next';
  const outDir = 'dist-skew-renderer';
  const [port] = await freePortList(1);
  await withCommunityVariant(stack, { version, outDir, env: {} }, async () => {
    const renderer = startProcess({
      name: `renderer ${version}`,
      command: process.execPath,
      args: [path.join(ROOT, 'mfe-community', `${outDir}-server`, 'renderer.js')],
      env: { PORT: String(port), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${stack.ports.rating}` },
    });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { what: 'the newer renderer', isAlive: () => renderer.alive, okStatus: 200 });
      await stack.restartComposer!({ RENDERERS: `community=http://127.0.0.1:${port}` });
      const context = await browser.newContext({ baseURL: stack.url, serviceWorkers: 'block' });
      const page = await context.newPage();
      const response = await page.goto('/teacher/1');
      expect(response?.headers()['x-pupitre-composed']).toBe('rendered');
      await expect(page.getByTestId('mfe-community')).toHaveAttribute('data-mfe-version', version);
      await page.waitForFunction(() => performance.getEntriesByName('pupitre:taken-over').length > 0);
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

      // The renderer of today's build behind the newer page: not spliced, the page built in the browser.
      await stack.restartComposer!({});
      const plain = await page.goto('/teacher/1');
      expect(plain?.headers()['x-pupitre-composed']).toBe('plain');
      await expect(page.getByTestId('mfe-community')).toHaveAttribute('data-mfe-version', version);
      await expect(page.getByTestId('teacher-name')).toBeVisible();
      await context.close();
    } finally {
      await stack.restartComposer!({});
      await renderer.stop();
      fs.rmSync(path.join(ROOT, 'mfe-community', `${outDir}-server`), { recursive: true, force: true });
    }
  });
});
