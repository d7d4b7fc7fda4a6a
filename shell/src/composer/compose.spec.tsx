/** @jest-environment node */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { readServerPageData, SHELL_PAGE, SSR_DATA_ID, type RemoteRouteEntry } from '@pupitre/mf-runtime';
import { DEFAULT_CONFIG } from '../config/runtime-config';
import { composePage } from './compose';
import { composerConfigFromEnv } from './config';
import { type Sources } from './sources';

const INDEX = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pupitre</title><meta name="pupitre-federation-chunks" content="/mf-runtime.1.js"><link rel="preload" href="/i18n-common.1.js" as="script"><link rel="preload" href="/remotes.json" as="fetch" crossorigin><link rel="preload" href="/config.json" as="fetch" crossorigin><script defer src="/early.1.js"></script><script defer src="/main.1.js"></script></head><body><noscript>Pupitre a besoin de JavaScript.</noscript><div id="root"></div></body></html>`;
const TEACHER: RemoteRouteEntry = {
  path: '/teacher/:id',
  title: { fr: 'Professeur', es: 'Profesor', en: 'Teacher' },
  render: true,
  remote: 'community',
};
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ path: './routes', assets: { css: { sync: ['607.css'] }, js: { sync: ['607.js'] } } }],
  pupitre: { version: '1.2.0', routes: [{ path: '/teacher/:id', files: ['route-teacher-id.js'] }] },
};
const sources = (overrides: Partial<Sources> = {}): Sources => ({
  indexHtml: INDEX,
  config: { ...DEFAULT_CONFIG, launchAt: 1 },
  table: { routes: [TEACHER], nav: [], unavailable: [] },
  manifests: { community: { url: '/mfe/community/mf-manifest.json', json: MANIFEST } },
  remotes: { community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example/review/mf-manifest.json' },
  ...overrides,
});

type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'other-route' | 'other-build';
let mode: Mode = 'ok';
let renderer: http.Server;
let rendererUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  renderer = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (mode === 'slow') return void setTimeout(() => answer(200, {}), 1500);
    if (mode === 'error') return answer(500, { error: 'render-failed' });
    if (mode === 'garbage') return answer(200, { html: 1 });
    answer(200, {
      v: 1,
      remote: 'community',
      version: mode === 'other-build' ? '1.3.0' : '1.2.0',
      route: mode === 'other-route' ? '/ranking' : '/teacher/:id',
      html: '<div data-testid="teacher-details"><h1>M. Ruiz &amp; co</h1></div>',
      reads: { '/api/teacher/7': { id: 7, name: '</script><script>alert(1)</script>' } },
      now: 1_700_000_000_000,
    });
  });
  await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
  rendererUrl = `http://127.0.0.1:${(renderer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => renderer.close(resolve)));
beforeEach(() => {
  mode = 'ok';
  asked.length = 0;
});

// A generous limit (this machine may be busy), but a slow renderer's is the default 250 ms.
const config = () =>
  composerConfigFromEnv({
    SHELL_URL: 'http://shell.test',
    ORIGIN_URL: 'http://edge.test',
    RENDERERS: `community=${rendererUrl}`,
    RENDER_TIMEOUT_MS: mode === 'slow' ? undefined : '2000',
  });

/** The one thing of a Document readServerPageData uses, from the HTML text. */
function parse(html: string): Document {
  const text = new RegExp(`<script type="application/json" id="${SSR_DATA_ID}">([^<]*)</script>`).exec(html)?.[1] ?? null;
  return { getElementById: (id: string) => (id === SSR_DATA_ID && text !== null ? { textContent: text } : null) } as unknown as Document;
}

describe('composing a remote page', () => {
  it('puts the layout around the fragment, in the visitor language, with the remote styles and a data block', async () => {
    const page = await composePage(config(), sources(), '/teacher/7', 'es');
    expect(page.kind).toBe('composed');
    expect(asked).toEqual(['/render?path=%2Fteacher%2F7&lang=es']);
    const { html } = page;
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Pupitre · Profesor</title>');
    expect(html).toContain('<link rel="stylesheet" href="/mfe/community/607.css">');
    // Before the first paint only the page, its styles, the early script and main.js (a preload) are
    // asked for; main.js is started, and the code the takeover runs (the catalogues, the remote's
    // files, the federation runtime) asked for, once the page is painted. /remotes.json and
    // /config.json are in the data block.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<(?:link|script)[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/mfe/community/607.css">',
      '<script defer src="/early.1.js">',
      '<link rel="preload" href="/main.1.js" as="script">',
    ]);
    expect(head).toContain('<meta name="pupitre-scripts-after-paint" content="/main.1.js">');
    expect(head).toContain(
      '<meta name="pupitre-preloads-after-paint" content="/i18n-common.1.js /mfe/community/remoteEntry.js /mfe/community/607.js /mfe/community/route-teacher-id.js /mf-runtime.1.js">',
    );
    // The fragment sits in the remote's Suspense boundary, inside the shell's <main>.
    expect(html).toMatch(
      /<main[^>]*id="main"[^>]*>.*<!--\$--><div data-testid="teacher-details"><h1>M\. Ruiz &amp; co<\/h1><\/div><!--\/\$-->.*<\/main>/s,
    );
    expect(html).toContain('data-testid="navbar"');
    expect(html).toContain('Esta página se lee sin JavaScript');
  });

  it("asks for a hashed remote file with its hash (Subresource Integrity), as the remote's runtime does", async () => {
    const css = `sha384-${'C'.repeat(64)}`;
    const js = `sha384-${'J'.repeat(64)}`;
    const hashed = { ...MANIFEST, pupitre: { ...MANIFEST.pupitre, integrity: { '607.css': css, 'route-teacher-id.js': js } } };
    const page = await composePage(
      config(),
      sources({
        manifests: { community: { url: '/mfe/community/mf-manifest.json', json: hashed } },
        remotesIntegrity: { review: { entry: js } },
      }),
      '/teacher/7',
      'fr',
    );
    expect(page.html).toContain(`<link rel="stylesheet" href="/mfe/community/607.css" integrity="${css}" crossorigin="anonymous">`);
    expect(page.html).toContain(
      `<meta name="pupitre-preloads-after-paint" content="/i18n-common.1.js /mfe/community/remoteEntry.js /mfe/community/607.js /mfe/community/route-teacher-id.js ${js} /mf-runtime.1.js">`,
    );
    // The entry hashes of /remotes.json travel in the data block, for the browser to hold the entries to.
    expect(page.html).toContain(`"remotesIntegrity":{"review":{"entry":"${js}"}}`);
  });

  it('writes a data block that nothing can break out of, and that the browser reads back', async () => {
    const page = await composePage(config(), sources(), '/teacher/7', 'fr');
    expect(page.html).not.toContain('</script><script>alert(1)');
    // One script without src: the data block, which is not executable (application/json).
    expect(page.html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([`<script type="application/json" id="${SSR_DATA_ID}">`]);
    const doc = parse(page.html);
    const data = readServerPageData(doc, '/teacher/7');
    expect(data).toMatchObject({
      v: 1,
      lang: 'fr',
      path: '/teacher/7',
      remote: 'community',
      route: '/teacher/:id',
      now: 1_700_000_000_000,
    });
    expect(data?.reads['/api/teacher/7']).toEqual({ id: 7, name: '</script><script>alert(1)</script>' });
    expect(data?.config).toMatchObject({ launchAt: 1 });
    expect(data?.remotes).toEqual({ community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example/review/mf-manifest.json' });
    // Kept by the service worker and opened at another path: not taken over.
    expect(readServerPageData(doc, '/teacher/8')).toBeNull();
  });

  it.each<[Mode, RegExp]>([
    ['slow', /slower than 250 ms/],
    ['error', /answered 500/],
    ['garbage', /unexpected body/],
    ['other-route', /rendered \/ranking/],
    ['other-build', /renderer build 1\.3\.0 is not the browser's 1\.2\.0/],
  ])('serves the plain page when the renderer is %s', async (m, reason) => {
    mode = m;
    const page = await composePage(config(), sources(), '/teacher/7', 'fr');
    expect(page).toEqual({ kind: 'plain', html: INDEX, reason: expect.stringMatching(reason) });
  });

  it('serves the plain page when the renderer is down, not declared, or the page is not rendered', async () => {
    const down = composerConfigFromEnv({
      SHELL_URL: 'http://shell.test',
      ORIGIN_URL: 'http://edge.test',
      RENDERERS: 'community=http://127.0.0.1:9',
    });
    expect(await composePage(down, sources(), '/teacher/7', 'fr')).toMatchObject({
      kind: 'plain',
      reason: expect.stringMatching(/unreachable/),
    });
    const none = composerConfigFromEnv({ SHELL_URL: 'http://shell.test', ORIGIN_URL: 'http://edge.test' });
    expect(await composePage(none, sources(), '/teacher/7', 'fr')).toMatchObject({ kind: 'plain' });
    const notRendered = sources({ table: { routes: [{ ...TEACHER, render: undefined }], nav: [], unavailable: [] } });
    expect(await composePage(config(), notRendered, '/teacher/7', 'fr')).toMatchObject({ kind: 'plain' });
    // A query may change the screen's first render in the browser: not rendered.
    expect(await composePage(config(), sources(), '/teacher/7?tab=reviews', 'fr')).toMatchObject({
      kind: 'plain',
      reason: 'a query string',
    });
    expect(await composePage(config(), sources(), '/admin', 'fr')).toMatchObject({
      kind: 'plain',
      reason: 'not a remote page',
    });
    expect(asked).toEqual([]);
  });

  it('serves the plain page before the launch and while a maintenance is announced', async () => {
    const early = sources({ config: { ...DEFAULT_CONFIG, launchAt: 4_000_000_000 } });
    expect(await composePage(config(), early, '/teacher/7', 'fr')).toMatchObject({ kind: 'plain', reason: 'before the launch' });
    const maintenance = sources({ config: { ...DEFAULT_CONFIG, launchAt: 1, maintenanceAt: 2_000_000_000 } });
    expect(await composePage(config(), maintenance, '/teacher/7', 'fr')).toMatchObject({ kind: 'plain' });
  });
});

describe("composing one of the shell's own pages", () => {
  it('renders a legal page whole, in the visitor language, with the navbar links and a data block, asking no renderer', async () => {
    const page = await composePage(config(), sources(), '/politique-des-cookies', 'en');
    expect(page.kind).toBe('composed');
    expect(asked).toEqual([]);
    const { html } = page;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Pupitre · Cookie policy</title>');
    // The page's text, not its loading state: the lazy screen and its texts were in before the render.
    expect(html).toMatch(/<main[^>]*id="main"[^>]*>.*<article[^>]*data-testid="legal-cookies".*<h1>Cookie policy<\/h1>.*<\/main>/s);
    expect(html).toContain('pupitre_lang keeps the language');
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('data-testid="navbar"');
    expect(html).toContain('This page reads without JavaScript');
    const data = readServerPageData(parse(html), '/politique-des-cookies');
    expect(data).toMatchObject({
      v: 1,
      lang: 'en',
      path: '/politique-des-cookies',
      remote: SHELL_PAGE,
      route: '/politique-des-cookies',
      reads: {},
    });
    expect(data?.table.routes).toEqual([TEACHER]);
    expect(readServerPageData(parse(html), '/conditions-service')).toBeNull();
  });

  it.each([
    ['/conditions-service', 'fr', /data-testid="legal-terms"/],
    ['/politique-de-privacite', 'es', /data-testid="legal-privacy"/],
    ['/', 'fr', /data-testid="home".*<h1 id="home-title">/s],
  ] as const)('renders %s (%s) whole', async (path, lang, content) => {
    const page = await composePage(config(), sources(), path, lang);
    expect(page.kind).toBe('composed');
    expect(page.html).toMatch(content);
    expect(page.html).toContain(`<html lang="${lang}"`);
    expect(readServerPageData(parse(page.html), path)).toMatchObject({ remote: SHELL_PAGE, route: path });
  });

  it('renders the home without the last reviews: their slot is there, empty, for the browser to fill', async () => {
    const { html } = await composePage(config(), sources(), '/', 'fr');
    expect(html).toContain('data-testid="promo-video"');
    // Its largest picture, the video's poster, asked for first (the preload scanner ignores posters).
    expect(html).toContain('<link rel="preload" href="/promo/promo-poster.webp" as="image" fetchpriority="high">');
    expect(html).toMatch(/aria-labelledby="home-last-reviews"/);
    expect(html).not.toContain('data-testid="last-reviews"');
    // Without JavaScript they never come: the slot says where to read them.
    expect(html).toContain('<noscript><p><a href="/communaute">Lire les derniers avis dans la communauté</a></p></noscript>');
  });

  it('serves /admin, a path with a trailing slash and a page before the launch plain', async () => {
    expect(await composePage(config(), sources(), '/admin', 'fr')).toMatchObject({ kind: 'plain' });
    expect(await composePage(config(), sources(), '/conditions-service/', 'fr')).toMatchObject({ kind: 'plain' });
    const early = sources({ config: { ...DEFAULT_CONFIG, launchAt: 4_000_000_000 } });
    expect(await composePage(config(), early, '/', 'fr')).toMatchObject({ kind: 'plain', reason: 'before the launch' });
  });
});

describe('the composer configuration', () => {
  it('refuses what it cannot work with, naming the variable', () => {
    expect(() => composerConfigFromEnv({ ORIGIN_URL: 'http://edge' })).toThrow(/SHELL_URL is required/);
    expect(() => composerConfigFromEnv({ SHELL_URL: 'ftp://x', ORIGIN_URL: 'http://edge' })).toThrow(/SHELL_URL must be an http/);
    expect(() => composerConfigFromEnv({ SHELL_URL: 'http://s', ORIGIN_URL: 'http://e', RENDERERS: 'Bad Name=http://r' })).toThrow(
      /RENDERERS/,
    );
    expect(() => composerConfigFromEnv({ SHELL_URL: 'http://s', ORIGIN_URL: 'http://e', RENDER_TIMEOUT_MS: '5000' })).toThrow(
      /RENDER_TIMEOUT_MS/,
    );
    expect(composerConfigFromEnv({ SHELL_URL: 'http://s/', ORIGIN_URL: 'http://e', RENDERERS: 'community=http://r:1/' })).toMatchObject({
      shellUrl: 'http://s',
      renderers: { community: 'http://r:1' },
      renderTimeoutMs: 250,
    });
  });
});
