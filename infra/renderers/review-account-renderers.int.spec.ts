// The review and account renderers (mfe-review/src/server, mfe-account/src/server, issue #39) as
// built and run, against the real rating API on its own seeded database: /publication renders its
// form with the subjects the API answers, /transparence its figures, /auth its sign-in form; each
// form says it needs JavaScript; the pages for signed-in visitors are never rendered.
import { freePort, startNode, waitForStatus, type RunningProcess } from '@pupitre/server-kit/testing';
import { startHarness, type Harness } from '../../services/rating/testing/rating-harness';
import { buildRenderer, unstyledModuleClasses, type BuiltRenderer } from './build-renderer';

jest.setTimeout(180_000);

describe('review and account renderers against the rating API', () => {
  let h: Harness;
  const running: Record<'review' | 'account', { built: BuiltRenderer; process: RunningProcess; base: string }> = {} as never;

  beforeAll(async () => {
    h = await startHarness(__filename);
    for (const remote of ['review', 'account'] as const) {
      const built = buildRenderer(remote);
      const port = await freePort();
      const process = startNode(built.entry, { PORT: String(port), HOST: '127.0.0.1', API_URL: h.api.url });
      running[remote] = { built, process, base: `http://127.0.0.1:${port}` };
      await waitForStatus(`${running[remote].base}/healthz`, { alive: () => process.child.exitCode === null });
    }
  });
  afterAll(async () => {
    for (const { built, process } of Object.values(running)) {
      await process?.stop();
      built?.clean();
    }
    await h?.close().catch(() => undefined);
  });

  const render = async (remote: 'review' | 'account', pathname: string, lang = 'fr') => {
    const res = await fetch(`${running[remote].base}/render?${new URLSearchParams({ path: pathname, lang })}`);
    return {
      status: res.status,
      body: (await res.json()) as { html: string; reads: Record<string, unknown>; route: string; remote: string },
    };
  };

  it('/publication: the form, with the subjects the API answers, and that it needs JavaScript', async () => {
    const { status, body } = await render('review', '/publication', 'es');
    expect(status).toBe(200);
    expect(body).toMatchObject({ remote: 'review', route: '/publication' });
    const subjects = (await (await fetch(`${h.api.url}/api/subjects`)).json()) as { name: string }[];
    expect(body.reads['/api/subjects']).toEqual(subjects);
    expect(subjects.length).toBeGreaterThan(0);
    expect(body.html).toContain('data-testid="review-form"');
    expect(body.html).toContain('data-testid="subject-list"');
    expect(body.html).toContain('Este formulario necesita JavaScript');
  });

  it('/transparence: the rules and the figures, from the API', async () => {
    const { status, body } = await render('review', '/transparence', 'en');
    expect(status).toBe(200);
    expect(Object.keys(body.reads)).toEqual(['/api/transparency']);
    expect(body.html).toContain('data-testid="transparency"');
    expect(body.html).toMatch(/data-testid="(figures|figures-none)"/);
  });

  it('/auth: the sign-in form, and that it needs JavaScript', async () => {
    const { status, body } = await render('account', '/auth', 'en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ remote: 'account', route: '/auth', reads: {} });
    expect(body.html).toContain('data-testid="login-form"');
    expect(body.html).toContain('This form needs JavaScript');
  });

  it("uses the browser builds' CSS-module class names", async () => {
    const review = await Promise.all(['/publication', '/transparence'].map((p) => render('review', p)));
    expect(
      unstyledModuleClasses(
        running.review.built.browserDir,
        review.map(({ body }) => body.html),
      ),
    ).toEqual([]);
    const account = await render('account', '/auth');
    expect(unstyledModuleClasses(running.account.built.browserDir, [account.body.html])).toEqual([]);
  });

  it('never renders a page for signed-in visitors', async () => {
    for (const path of ['/moderation', '/reponses', '/review/1/edit'])
      expect(await render('review', path)).toEqual({ status: 404, body: { error: 'not-rendered' } });
    for (const path of ['/me', '/settings', '/me/favorites'])
      expect(await render('account', path)).toEqual({ status: 404, body: { error: 'not-rendered' } });
  });
});
