// The community renderer (mfe-community/src/server, issue #39) as built (tools/rspack/renderer.mjs) and run (a Node process with its env),
// against the real rating API on its own seeded database: a teacher's page renders with the
// teacher's name, from the very reads the API answers; the other pages render; an unknown teacher
// is not rendered; the API gone, the renderer answers 503 once its cached reads are too old.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, runNode, startNode, waitForStatus, type RunningProcess } from '@pupitre/server-kit/testing';
import { startHarness, teachersOf, type Harness } from '../../services/rating/testing/rating-harness';

jest.setTimeout(120_000);

const APP_DIR = path.resolve(__dirname, '../../mfe-community');
const OUT = `dist-it-${randomBytes(4).toString('hex')}`;

/** Builds the remote (browser, into <app>/<OUT>) and its renderer (<app>/<OUT>-server/renderer.js). */
function buildRenderer(): string {
  const cli = path.resolve(APP_DIR, '../node_modules/@rspack/cli/bin/rspack.js');
  try {
    execFileSync(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: APP_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', MFE_OUT_DIR: OUT },
    });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`building the community renderer failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: err });
  }
  return path.join(APP_DIR, `${OUT}-server`, 'renderer.js');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe('community renderer (dist-server/renderer.js) against the rating API', () => {
  let h: Harness;
  let renderer: RunningProcess;
  let base: string;
  let teacher: { id: number; name: string };
  let entry: string;

  beforeAll(async () => {
    entry = buildRenderer();
    h = await startHarness(__filename);
    [teacher] = await teachersOf(h.conn);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    renderer = startNode(entry, { PORT: String(port), HOST: '127.0.0.1', API_URL: h.api.url, READ_CACHE_MS: '1000' });
    await waitForStatus(`${base}/healthz`, { alive: () => renderer.child.exitCode === null });
  });
  afterAll(async () => {
    await renderer?.stop();
    await h?.close().catch(() => undefined);
    fs.rmSync(path.join(APP_DIR, `${OUT}-server`), { recursive: true, force: true });
    fs.rmSync(path.join(APP_DIR, OUT), { recursive: true, force: true });
  });

  const render = async (pathname: string, lang = 'fr') => {
    const res = await fetch(`${base}/render?${new URLSearchParams({ path: pathname, lang })}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("renders a teacher's page with the teacher's name, from the reads the API answers", async () => {
    const reads = [`/api/teacher/${teacher.id}`, `/api/teacher/${teacher.id}/reviews?limit=50`];
    const { status, body } = await render(`/teacher/${teacher.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ v: 1, remote: 'community', route: '/teacher/:id' });
    expect(Object.keys(body.reads as object).sort()).toEqual(reads.sort());
    for (const read of reads)
      expect((body.reads as Record<string, unknown>)[read]).toEqual(await (await fetch(`${h.api.url}${read}`)).json());
    const detail = (body.reads as Record<string, { prefix: string; name: string }>)[reads[0]];
    expect(detail.name).toBe(teacher.name);
    expect(body.html).toContain(`data-testid="teacher-name"`);
    expect(body.html).toContain(escapeHtml(`${detail.prefix} ${teacher.name}`));
    expect(typeof body.now).toBe('number');
  });

  it("uses the browser build's CSS-module class names (the remote's stylesheets style the server HTML)", async () => {
    const css = fs
      .readdirSync(path.join(APP_DIR, OUT))
      .filter((file) => file.endsWith('.css'))
      .map((file) => fs.readFileSync(path.join(APP_DIR, OUT, file), 'utf8'))
      .join('\n');
    const pages = await Promise.all([`/teacher/${teacher.id}`, '/communaute', '/ranking'].map((p) => render(p)));
    const classes = new Set(
      pages.flatMap(({ body }) => [...String(body.html).matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/))),
    );
    const moduleClasses = [...classes].filter((name) => name && !name.startsWith('pp-'));
    expect(moduleClasses.length).toBeGreaterThan(20);
    expect(moduleClasses.filter((name) => !css.includes(`.${name}`))).toEqual([]);
  });

  it('renders the community and ranking pages in the asked language', async () => {
    const community = await render('/communaute', 'en');
    expect(community.status).toBe(200);
    expect(community.body.html).toContain('data-testid="ranking-list"');
    const ranking = await render('/ranking', 'es');
    expect(ranking.status).toBe(200);
    expect(Object.keys(ranking.body.reads as object)).toEqual(['/api/teachers/ranking']);
  });

  it('does not render an unknown teacher, a page it does not own, or a wrong language', async () => {
    expect(await render('/teacher/99999')).toEqual({ status: 404, body: { error: 'not-rendered' } });
    expect(await render('/teacher/abc')).toEqual({ status: 404, body: { error: 'not-rendered' } });
    expect(await render('/publication')).toEqual({ status: 404, body: { error: 'not-rendered' } });
    expect((await render('/ranking', 'de')).status).toBe(400);
  });

  it('refuses to start on a wrong configuration, naming the variables (exit 1)', async () => {
    const result = await runNode(entry, { PORT: '80000', HOST: '127.0.0.1', API_URL: 'rating', READ_CACHE_MS: '5000' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT .*API_URL .*READ_CACHE_MS/);
  });

  it('answers 503 once the API is gone and its cached reads are too old', async () => {
    await h.close();
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past 1 s fresh + 1 s stale
    expect(await render('/ranking')).toEqual({ status: 503, body: { error: 'read-failed' } });
    expect(renderer.output().stdout).toContain('"msg":"render"');
  });
});
