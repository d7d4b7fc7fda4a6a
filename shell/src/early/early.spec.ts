import { askEarly } from './early';
import { EARLY_TTL_MS, earlyAnswers, earlyFetch, keepEarly } from './early-answers';

// jsdom has no Response: a minimal one with what the early script and its callers use.
class FakeResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText = '';
  readonly headers = {};
  constructor(
    private readonly text: string | null,
    init: { status?: number } = {},
  ) {
    this.status = init.status ?? 200;
    this.ok = this.status < 400;
  }
  async arrayBuffer() {
    return this.text; // handed back to the constructor as is
  }
  async json() {
    return JSON.parse(this.text ?? 'null') as unknown;
  }
  clone() {
    return new FakeResponse(this.text, { status: this.status });
  }
}
const json = (body: unknown, ok = true) => new FakeResponse(JSON.stringify(body), { status: ok ? 200 : 503 }) as unknown as Response;
beforeAll(() => Object.assign(globalThis, { Response: FakeResponse }));
afterAll(() => Reflect.deleteProperty(globalThis, 'Response'));

// jsdom has no fetch: each test installs its own.
function mockFetch(answer: (input: string) => Promise<Response>) {
  const fetch = jest.fn((input: RequestInfo | URL) => answer(String(input)));
  Object.assign(globalThis, { fetch });
  return fetch;
}
afterEach(() => Reflect.deleteProperty(globalThis, 'fetch'));

test('asks for /remotes.json, then every manifest it names, whatever the name; main.js takes each answer once', async () => {
  const scope = {};
  const fetch = mockFetch(async (input) =>
    String(input).endsWith('/remotes.json')
      ? json({
          $comment: 'not a remote',
          community: '/mfe/community/mf-manifest.json',
          extra: 'https://cdn.example/review/mf-manifest.json',
          bad: 'javascript:1',
        })
      : json({ name: String(input) }),
  );
  askEarly(scope, 'https://pupitre.example/ranking');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([
    'https://pupitre.example/remotes.json',
    'https://pupitre.example/mfe/community/mf-manifest.json',
    'https://cdn.example/review/mf-manifest.json',
  ]);
  const manifest = await earlyFetch('https://pupitre.example/mfe/community/mf-manifest.json', undefined, scope);
  await expect(manifest.json()).resolves.toEqual({ name: 'https://pupitre.example/mfe/community/mf-manifest.json' });
  expect(fetch).toHaveBeenCalledTimes(3); // taken from the early answers
  await earlyFetch('https://pupitre.example/mfe/community/mf-manifest.json', undefined, scope);
  expect(fetch).toHaveBeenCalledTimes(4); // a second ask goes to the network
});

test('its further work runs once the manifests are asked for, or once /remotes.json has failed', async () => {
  const asked: string[] = [];
  mockFetch(async (input) => {
    asked.push(String(input));
    return String(input).endsWith('/remotes.json') ? json({ community: '/mfe/community/mf-manifest.json' }) : json({});
  });
  const then = jest.fn(() => asked.push('then'));
  askEarly({}, 'https://pupitre.example/', undefined, then);
  expect(then).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(asked).toEqual(['https://pupitre.example/remotes.json', 'https://pupitre.example/mfe/community/mf-manifest.json', 'then']);

  mockFetch(async () => json({}, false));
  const afterFailure = jest.fn();
  askEarly({}, 'https://pupitre.example/', undefined, afterFailure);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(afterFailure).toHaveBeenCalledTimes(1);
  const unreadable = jest.fn();
  askEarly({}, 'not a url', undefined, unreadable);
  expect(unreadable).toHaveBeenCalledTimes(1);
});

test('a failing /remotes.json asks for nothing more and leaves its failure for main.js to report', async () => {
  const scope = {};
  const fetch = mockFetch(async () => json({}, false));
  askEarly(scope, 'https://pupitre.example/');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch).toHaveBeenCalledTimes(1);
  await expect(earlyFetch('https://pupitre.example/remotes.json', undefined, scope)).resolves.toMatchObject({ ok: false });
  expect(earlyAnswers(scope).size).toBe(0);
});

test("on a remote's page, that remote's entry and page files and the federation runtime's chunks are preloaded at once", async () => {
  document.head.innerHTML = '<meta name="pupitre-federation-chunks" content="/139.abc.js /mf-runtime.def.js">';
  const manifests: Record<string, unknown> = {
    'https://pupitre.example/mfe/community/mf-manifest.json': {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './routes', assets: { js: { sync: ['routes.js'] }, css: { sync: [] } } }],
      pupitre: { routes: [{ path: '/teacher/:id' }] },
    },
    'https://pupitre.example/mfe/review/mf-manifest.json': { pupitre: { routes: [{ path: '/publication' }] } },
  };
  mockFetch(async (url) =>
    url.endsWith('/remotes.json')
      ? json({ community: '/mfe/community/mf-manifest.json', review: '/mfe/review/mf-manifest.json' })
      : json(manifests[url]),
  );
  askEarly({}, 'https://pupitre.example/teacher/12', document);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => `${l.as} ${l.href}`);
  expect(links).toEqual([
    'script http://localhost/139.abc.js',
    'script http://localhost/mf-runtime.def.js',
    'script https://pupitre.example/mfe/community/remoteEntry.js',
    'script https://pupitre.example/mfe/community/routes.js',
  ]);
  document.head.innerHTML = '';
  askEarly({}, 'https://pupitre.example/', document); // the home page: the shell's own, its poster only
  await new Promise((resolve) => setTimeout(resolve, 0));
  const home = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => `${l.as} ${l.href}`);
  expect(home).toEqual(['image https://pupitre.example/promo/promo-poster.webp']);
  document.head.innerHTML = '';
});

test("any page but the shell's own preloads the federation runtime at once, before /remotes.json is in", () => {
  const meta = '<meta name="pupitre-federation-chunks" content="/mf-runtime.def.js">';
  mockFetch(() => new Promise<Response>(() => undefined)); // nothing answers
  const preloads = (pathname: string) => {
    document.head.innerHTML = meta;
    askEarly({}, `https://pupitre.example${pathname}`, document);
    return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => `${l.as} ${l.href}`);
  };
  expect(preloads('/communaute')).toEqual(['script http://localhost/mf-runtime.def.js']);
  expect(preloads('/no-such-page')).toEqual(['script http://localhost/mf-runtime.def.js']);
  expect(preloads('/admin')).toEqual([]);
  expect(preloads('/conditions-service/')).toEqual([]);
  expect(preloads('/')).toEqual(['image https://pupitre.example/promo/promo-poster.webp']);
  document.head.innerHTML = '';
});

test("a signed-out visitor's page reads are asked for early and taken by the request helper's plain GET only", async () => {
  localStorage.clear();
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    pupitre: {
      routes: [
        {
          path: '/teacher/:id',
          reads: [
            { path: '/api/teacher/:id', auth: true },
            { path: '/api/subjects', auth: false },
          ],
        },
      ],
    },
  };
  document.head.innerHTML = '';
  const preloadsWhenRead: number[] = [];
  const fetch = mockFetch(async (url) => {
    if (url.includes('/api/')) preloadsWhenRead.push(document.head.querySelectorAll('link[rel="preload"]').length);
    return url.endsWith('/remotes.json')
      ? json({ community: '/mfe/community/mf-manifest.json' })
      : json(url.includes('/api/') ? { url } : manifest);
  });
  const scope = {};
  askEarly(scope, 'https://pupitre.example/teacher/7', document);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
    'https://pupitre.example/remotes.json',
    'https://pupitre.example/mfe/community/mf-manifest.json',
    'https://pupitre.example/api/teacher/7',
    'https://pupitre.example/api/subjects',
  ]);
  // The reads go before the page's code is preloaded: the slowest answers take the first connections.
  expect(preloadsWhenRead).toEqual([0, 0]);
  expect(document.head.querySelectorAll('link[rel="preload"]').length).toBeGreaterThan(0);
  document.head.innerHTML = '';
  // With a token of its own the request is not the one asked early: it goes to the network.
  await earlyFetch('https://pupitre.example/api/teacher/7', { headers: { Authorization: 'Bearer x' } }, scope);
  expect(fetch).toHaveBeenCalledTimes(5);
  // The plain GET takes the early answer (once)…
  await expect((await earlyFetch('https://pupitre.example/api/subjects', { method: 'GET' }, scope)).json()).resolves.toEqual({
    url: 'https://pupitre.example/api/subjects',
  });
  expect(fetch).toHaveBeenCalledTimes(5);
  // …and an answer nobody took in time is never used.
  expect([...earlyAnswers(scope).keys()]).toEqual([
    'https://pupitre.example/remotes.json',
    'https://pupitre.example/mfe/community/mf-manifest.json',
  ]);
  const late = earlyFetch('https://pupitre.example/remotes.json', undefined, scope, Date.now() + EARLY_TTL_MS);
  await late;
  expect(fetch).toHaveBeenCalledTimes(6);
});

test("a signed-in visitor's reads wait for main.js (they go with the token)", async () => {
  localStorage.setItem('email', 'me@b.co');
  const manifest = { pupitre: { routes: [{ path: '/ranking', reads: [{ path: '/api/teachers/ranking', auth: true }] }] } };
  const fetch = mockFetch(async (url) => (url.endsWith('/remotes.json') ? json({ community: '/m.json' }) : json(manifest)));
  askEarly({}, 'https://pupitre.example/ranking', document);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch).toHaveBeenCalledTimes(2);
  localStorage.clear();
});

test('a server-rendered page holds its reads already: none is asked for early (issue #39)', async () => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div><script type="application/json" id="pupitre-ssr">{}</script>';
  const manifest = { pupitre: { routes: [{ path: '/ranking', reads: [{ path: '/api/teachers/ranking', auth: true }] }] } };
  const fetch = mockFetch(async (url) => (url.endsWith('/remotes.json') ? json({ community: '/m.json' }) : json(manifest)));
  askEarly({}, 'https://pupitre.example/ranking', document);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['https://pupitre.example/remotes.json', 'https://pupitre.example/m.json']);
  document.body.innerHTML = '';
});

test('a URL main.js already asked the network for is not asked again by the early script (they race)', async () => {
  const scope = {};
  const fetch = mockFetch(async () => json({}));
  await earlyFetch('https://pupitre.example/api/subjects', undefined, scope);
  expect(
    keepEarly('https://pupitre.example/api/subjects', () => globalThis.fetch('https://pupitre.example/api/subjects'), scope),
  ).toBeUndefined();
  expect(fetch).toHaveBeenCalledTimes(1);
});
