// The community renderer (mfe-community/src/server, issue #39) as built (tools/rspack/renderer.mjs) and run (a Node process with its env),
// against the real rating API on its own seeded database: a teacher's page renders with the
// teacher's name, from the very reads the API answers; the other pages render; an unknown teacher
// is not rendered; the API gone, the renderer answers 503 once its cached reads are too old.
import { freePort, runNode, startNode, waitForStatus, type RunningProcess } from '@pupitre/server-kit/testing';
import { startHarness, teachersOf, type Harness } from '../../services/rating/testing/rating-harness';
import { buildRenderer, moduleClasses, unstyledModuleClasses, type BuiltRenderer } from './build-renderer';

jest.setTimeout(120_000);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe('community renderer (dist-server/renderer.js) against the rating API', () => {
  let h: Harness;
  let renderer: RunningProcess;
  let base: string;
  let teacher: { id: number; name: string };
  let built: BuiltRenderer;

  beforeAll(async () => {
    built = buildRenderer('community');
    h = await startHarness(__filename);
    [teacher] = await teachersOf(h.conn);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    renderer = startNode(built.entry, { PORT: String(port), HOST: '127.0.0.1', API_URL: h.api.url, READ_CACHE_MS: '1000' });
    await waitForStatus(`${base}/healthz`, { alive: () => renderer.child.exitCode === null });
  });
  afterAll(async () => {
    await renderer?.stop();
    await h?.close().catch(() => undefined);
    built?.clean();
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
    const pages = await Promise.all([`/teacher/${teacher.id}`, '/communaute', '/ranking'].map((p) => render(p)));
    const html = pages.map(({ body }) => String(body.html));
    expect(moduleClasses(html).length).toBeGreaterThan(20);
    expect(unstyledModuleClasses(built.browserDir, html)).toEqual([]);
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
    const result = await runNode(built.entry, { PORT: '80000', HOST: '127.0.0.1', API_URL: 'rating', READ_CACHE_MS: '5000' });
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
