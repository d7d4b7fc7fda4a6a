import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { takenOver } from './support/takeover';
import { buildRemoteVariant } from '../infra/local/lib/build.mjs';
import { serveStatic } from '../infra/local/lib/static-server.mjs';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { isLoopback, listeningSockets, listeningSocketsOf } from '../infra/local/lib/listening.mjs';
import { renderedRemotes } from '../infra/local/stack.mjs';

// The platform foundation, as a user meets it through the edge: the shell loads each
// micro-frontend at run time, each renders data from its service; a remote that is down only
// costs its own routes; a new build of a remote ships by changing the remotes file alone. Every
// part of the stack listens on loopback only.

test.describe.configure({ mode: 'serial' });

test('the shell loads all three remotes at run time, each showing data from its service', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/communaute');
  await expect(page.getByTestId('mfe-community')).toBeVisible();
  await expect.poll(() => page.getByTestId('ranking-list').locator('li').count()).toBeGreaterThan(3);

  await page.goto('/publication');
  await expect(page.getByTestId('mfe-review')).toBeVisible();
  await expect.poll(() => page.getByTestId('subject-list').locator('li').count()).toBeGreaterThanOrEqual(10);

  await page.goto('/auth');
  await expect(page.getByTestId('mfe-account')).toBeVisible();
  await expect(page.getByTestId('auth-health')).toHaveAttribute('data-status', 'ok');

  expect(errors).toEqual([]);
});

test('the remotes are fetched from the manifests that /remotes.json names', async ({ page, stack }) => {
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('mf-manifest.json')) manifests.push(new URL(r.url()).pathname);
  });
  await page.goto('/communaute');
  await expect(page.getByTestId('ranking-list')).toBeVisible();
  await takenOver(page); // a server-rendered page asks for the manifests once its code runs
  expect(manifests).toContain('/mfe/community/mf-manifest.json');
  const remotes = await (await fetch(`${stack.url}/remotes.json`)).json();
  expect(Object.keys(remotes).sort()).toEqual(['account', 'community', 'review']);
});

test('the shell bundle holds no remote URL', () => {
  const dist = path.join(ROOT, 'shell/dist');
  const files = fs
    .readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => /\.(js|html|json)$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  // Any URL of a remote's manifest or entry, any remote path or local address. (The federation
  // runtime's default file name "mf-manifest.json" alone, and the shell's own "/remotes.json", are
  // no remote URL.)
  const remoteUrl =
    /(https?:)?\/\/[^"'`\s]*(mf-manifest\.json|remoteEntry\.js)|\/mfe\/(community|review|account)\b|localhost:\d+|127\.0\.0\.1/;
  const found = files.flatMap((f) => {
    const m = remoteUrl.exec(fs.readFileSync(path.join(dist, f), 'utf8'));
    return m ? [`${f}: ${m[0]}`] : [];
  });
  expect(found).toEqual([]);
  expect(fs.existsSync(path.join(dist, 'remotes.json'))).toBe(false);
});

test("the shell bundle holds no remote's name or navbar label: both come from /remotes.json and the manifests", () => {
  const dist = path.join(ROOT, 'shell/dist');
  const code = fs
    .readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
    .join('\n');
  const literals = ['community', 'review', 'account'];
  for (const app of ['mfe-community', 'mfe-review', 'mfe-account']) {
    const declared: { nav?: { label: Record<string, string> } }[] = JSON.parse(
      fs.readFileSync(path.join(ROOT, app, 'src/route-declarations.json'), 'utf8'),
    );
    for (const route of declared) if (route.nav) literals.push(...Object.values(route.nav.label));
  }
  expect(literals.length).toBeGreaterThan(3);
  expect(literals.filter((text) => code.includes(JSON.stringify(text)) || code.includes(`'${text}'`))).toEqual([]);
});

test('pointing the remotes file at a second build of a remote loads it after a reload, with no shell rebuild', async ({ page, stack }) => {
  const shellBefore = fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',');
  await page.goto('/publication');
  await expect(page.getByTestId('subject-list')).toBeVisible();
  // Each remote's root carries the build that rendered it (an attribute: never shown to readers).
  const root = page.getByTestId('mfe-review');
  // Set once the browser's build has taken the page over (server HTML has none).
  await expect(root).toHaveAttribute('data-mfe-version', /.+/);
  const v1 = await root.getAttribute('data-mfe-version');

  // The review team builds and serves a new version elsewhere, then changes one line of the file.
  const dir = buildRemoteVariant('mfe-review', { version: '9.9.9-e2e', outDir: 'dist-e2e' });
  const v2 = await serveStatic({ port: 0, dir, name: 'mfe-review v2' });
  const original = fs.readFileSync(stack.remotesFile, 'utf8');
  try {
    await stack.writeRemotes({ ...JSON.parse(original), review: `${v2.url}/mf-manifest.json` });
    // The composer (server-rendered pages, issue #39) rereads the remotes within SOURCES_TTL_MS; the
    // renderer running is not the new build's, so the new build's pages are built in the browser.
    const composed = async () => (await page.request.get('/publication')).headers()['x-pupitre-composed'];
    await expect.poll(composed, { timeout: 15_000 }).toBe('plain');

    await page.reload();
    await expect(root).toHaveAttribute('data-mfe-version', '9.9.9-e2e');
    await expect(page.getByTestId('subject-list').locator('li').first()).toBeVisible();
    expect(v1).not.toContain('9.9.9-e2e');
    expect(fs.readdirSync(path.join(ROOT, 'shell/dist')).sort().join(',')).toBe(shellBefore);

    // Rolling back is the same one-line change.
    fs.writeFileSync(stack.remotesFile, original);
    await expect.poll(composed, { timeout: 15_000 }).toBe('rendered');
    await page.reload();
    await expect(root).toHaveAttribute('data-mfe-version', v1 ?? '');
  } finally {
    fs.writeFileSync(stack.remotesFile, original);
    await v2.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a stopped remote shows the fallback panel while the rest keeps working', async ({ page, stack }) => {
  await stack.stopRemote('review');
  try {
    await page.goto('/publication');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();

    await page.goto('/communaute');
    await expect(page.getByTestId('ranking-list').locator('li').first()).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByTestId('auth-health')).toHaveAttribute('data-status', 'ok');
    await page.goto('/');
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  } finally {
    await stack.startRemote('review');
  }

  // Once it is back, the next visit loads it again.
  await page.goto('/publication');
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  await expect(page.getByTestId('subject-list').locator('li').first()).toBeVisible();
});

test('every part of the local stack listens on loopback only', ({ stack }) => {
  // A remote without a renderer in its build has none started (its port stays free).
  const rendered = renderedRemotes().map((remote) => `renderer-${remote}`);
  const ports: number[] = Object.entries(stack.ports)
    .filter(([part]) => !part.startsWith('renderer-') || rendered.includes(part))
    .map(([, port]) => port);
  const onStackPorts = listeningSockets().filter((s) => ports.includes(s.port));
  expect(new Set(onStackPorts.map((s) => s.port))).toEqual(new Set(ports));
  expect(onStackPorts.filter((s) => !isLoopback(s.address))).toEqual([]);
  // Nor does any process of the stack listen elsewhere on another port (a debug handler...).
  const children = [
    ...Object.values(stack.services),
    (stack.mongo as { proc?: { child: { pid?: number } } }).proc,
    (stack.redis as { proc?: { child: { pid?: number } } }).proc,
  ];
  const pids = children.map((p) => p?.child.pid).filter((pid): pid is number => typeof pid === 'number');
  // The three services, MongoDB, Redis, the composer and each renderer.
  expect(pids.length).toBe(5 + 1 + rendered.length);
  for (const pid of pids) expect(listeningSocketsOf(pid).filter((s) => !isLoopback(s.address))).toEqual([]);
});
