import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { buildRemoteVariant } from '../infra/local/lib/build.mjs';
import { serveStatic } from '../infra/local/lib/static-server.mjs';
import { ROOT } from '../infra/local/lib/paths.mjs';

// Remotes own their pages: a team adds a page to its micro-frontend, builds it, points the remotes
// file at the build, and the page is served at its path with its title. The shell is not rebuilt
// and the other remotes are untouched.

test.describe.configure({ mode: 'serial' });

const EXTRA = {
  path: '/communaute/a-propos',
  title: { fr: 'À propos de la communauté', es: 'Acerca de la comunidad', en: 'About the community' },
};

test('a new page of a remote is served at its path, with its title, without a shell release', async ({ page, stack }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const shellBefore = fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',');

  // Before: nobody declares the path.
  await page.goto(EXTRA.path);
  await expect(page.getByTestId('not-found')).toBeVisible();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-pages-'));
  const declarations = path.join(dir, 'route-declarations.json');
  const own = JSON.parse(fs.readFileSync(path.join(ROOT, 'mfe-community/src/route-declarations.json'), 'utf8'));
  fs.writeFileSync(declarations, JSON.stringify([...own, EXTRA]));
  const dist = buildRemoteVariant('mfe-community', {
    version: '1.1.0-pages',
    outDir: 'dist-e2e-pages',
    env: { MFE_ROUTES_MODULE: path.join(ROOT, 'e2e/fixtures/community-extra/routes.tsx'), MFE_ROUTE_DECLARATIONS: declarations },
  });
  const server = await serveStatic({ port: 0, dir: dist, name: 'mfe-community with a new page' });
  const original = fs.readFileSync(stack.remotesFile, 'utf8');
  try {
    const remotes = JSON.parse(original);
    await stack.writeRemotes({ ...remotes, community: `${server.url}/mf-manifest.json` });

    await page.goto(EXTRA.path);
    await expect(page.getByTestId('community-extra')).toBeVisible();
    const language = (await page.locator('html').getAttribute('lang')) as 'fr' | 'es' | 'en';
    await expect(page).toHaveTitle(`Pupitre · ${EXTRA.title[language]}`);
    // The remote's other pages and the other remotes are as they were.
    await page.goto('/ranking');
    await expect(page.getByTestId('ranking-list').locator('li').first()).toBeVisible();
    await page.goto('/publication');
    await expect(page.getByTestId('subject-list').locator('li').first()).toBeVisible();
    expect(JSON.parse(fs.readFileSync(stack.remotesFile, 'utf8')).review).toBe(remotes.review);
    expect(fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',')).toBe(shellBefore);

    // Served from another origin, its entry runs only if its bytes are those whose hash /remotes.json
    // records, and its manifest is read only if it matches its own (issue #41, Subresource
    // Integrity); its chunks are held to the hashes the entry carries.
    const sri = (file: string) =>
      `sha384-${crypto
        .createHash('sha384')
        .update(fs.readFileSync(path.join(dist, file)))
        .digest('base64')}`;
    const community = `${server.url}/mf-manifest.json`;
    const wrong = `sha384-${'A'.repeat(64)}`;
    await stack.writeRemotes({
      ...remotes,
      community,
      $integrity: { community: { entry: sri('remoteEntry.js'), manifest: sri('mf-manifest.json') } },
    });
    await page.goto(EXTRA.path);
    await expect(page.getByTestId('community-extra')).toBeVisible();
    await stack.writeRemotes({ ...remotes, community, $integrity: { community: wrong } });
    await page.goto(EXTRA.path);
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByTestId('community-extra')).toHaveCount(0);
    await stack.writeRemotes({ ...remotes, community, $integrity: { community: { entry: sri('remoteEntry.js'), manifest: wrong } } });
    await page.goto(EXTRA.path);
    await expect(page.getByTestId('remote-fallback').locator('[data-remote="community"]')).toBeVisible();
    await expect(page.getByTestId('community-extra')).toHaveCount(0);
    // A chunk changed on that origin after the build is refused too (its hash is in the entry).
    const chunk = fs.readdirSync(dist).find((f) => /^__federation_expose_routes\..*\.js$/.test(f))!;
    fs.appendFileSync(path.join(dist, chunk), '\n;');
    await page.route(`${server.url}/**`, (route) => route.continue()); // no answer from the HTTP cache
    await stack.writeRemotes({
      ...remotes,
      community,
      $integrity: { community: { entry: sri('remoteEntry.js'), manifest: sri('mf-manifest.json') } },
    });
    await page.goto(EXTRA.path);
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByTestId('community-extra')).toHaveCount(0);
    await page.unroute(`${server.url}/**`);
  } finally {
    fs.writeFileSync(stack.remotesFile, original);
    await server.stop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // Rolled back: the page is gone again.
  await page.goto(EXTRA.path);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(errors).toEqual([]);
});
