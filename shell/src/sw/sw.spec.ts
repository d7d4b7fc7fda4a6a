/**
 * @jest-environment node
 */
// The service worker as shipped (shell/public/sw.js), run in a sandbox with a fake CacheStorage
// and network: it keeps the shell's HTML page and the app's files, never data or accounts.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const ORIGIN = 'https://pupitre.test';
const SOURCE = fs.readFileSync(path.join(__dirname, '../../public/sw.js'), 'utf8');

type Handler = (event: Record<string, unknown>) => void;
type FakeRequest = { url: string; method: string; mode: string; headers: Headers; cache?: string };

/** The worker's `new Request(path, init)`, resolved against its origin as a browser does. */
class WorkerRequest implements FakeRequest {
  url: string;
  method = 'GET';
  mode = 'cors';
  headers = new Headers();
  cache?: string;
  constructor(url: string | { url: string }, init: { cache?: string } = {}) {
    if (typeof url !== 'string') url = url.url;
    this.url = new URL(url, ORIGIN).href;
    this.cache = init.cache;
  }
}

/** A Response whose `type` and `redirected` are what a browser would give (Node's are fixed). */
function answer(
  body: string,
  {
    status = 200,
    type = 'basic',
    contentType = 'text/html; charset=utf-8',
    cacheControl = 'no-cache',
    redirected = false,
    composed = undefined as 'rendered' | 'plain' | undefined,
  } = {},
) {
  const response = new Response(body, {
    status: Math.max(status, 200),
    headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl, ...(composed ? { 'X-Pupitre-Composed': composed } : {}) },
  });
  Object.defineProperty(response, 'status', { value: status });
  Object.defineProperty(response, 'type', { value: type });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
}

const PAGE =
  '<!doctype html><title>shell</title><script defer src="/main.0123abcdef.js"></script><link href="/main.abcdef0123.css" rel="stylesheet">';

function serviceWorker() {
  const handlers = new Map<string, Handler>();
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return {
        put: async (request: string | FakeRequest, response: Response) => void store.set(key(request), response),
        match: async (request: string | FakeRequest) => store.get(key(request))?.clone(),
        keys: async () => [...store.keys()].map((url) => ({ url })),
        delete: async (request: string | FakeRequest) => store.delete(key(request)),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const network = {
    online: true,
    requests: [] as string[],
    answer: (url: string) =>
      ['/', '/index.html'].includes(new URL(url).pathname)
        ? answer(PAGE)
        : answer(`file ${new URL(url).pathname}`, { contentType: 'text/javascript' }),
  };
  const fetchFake = async (request: string | FakeRequest) => {
    const url = key(request);
    network.requests.push(`${new URL(url).pathname}${typeof request !== 'string' && request.cache ? ` (cache: ${request.cache})` : ''}`);
    if (!network.online) throw new TypeError('Failed to fetch');
    return network.answer(url);
  };
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  vm.runInNewContext(SOURCE, { self, caches, fetch: fetchFake, Request: WorkerRequest, URL, console });

  /** Runs a lifecycle event to its end. */
  async function lifecycle(type: 'install' | 'activate') {
    const pending: Promise<unknown>[] = [];
    handlers.get(type)!({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  /** A request through the worker: its answer, or 'network' when it lets the browser fetch. */
  async function request(pathOrUrl: string, { mode = 'navigate', method = 'GET', headers = {} as Record<string, string> } = {}) {
    let responded: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    const req: FakeRequest = { url: new URL(pathOrUrl, ORIGIN).href, method, mode, headers: new Headers(headers) };
    handlers.get('fetch')!({
      request: req,
      respondWith: (p: Promise<Response>) => (responded = p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const response = responded ? await responded : 'network';
    await Promise.all(pending);
    return response;
  }
  const cached = () => [...stores.entries()].flatMap(([name, store]) => [...store.keys()].map((url) => `${name} ${new URL(url).pathname}`));
  return { lifecycle, request, network, stores, cached };
}

it('keeps the shell’s page and the files it starts with at install, and serves the page offline for any of the shell’s routes', async () => {
  const sw = serviceWorker();
  await sw.lifecycle('install');
  await sw.lifecycle('activate');
  expect(sw.network.requests.sort()).toEqual([
    '/config.json',
    '/index.html (cache: reload)',
    '/main.0123abcdef.js',
    '/main.abcdef0123.css',
    '/remotes.json',
  ]);
  expect(sw.cached().sort()).toEqual([
    'pupitre-shell-v3-files /config.json',
    'pupitre-shell-v3-files /main.0123abcdef.js',
    'pupitre-shell-v3-files /main.abcdef0123.css',
    'pupitre-shell-v3-files /remotes.json',
    'pupitre-shell-v3-page /',
  ]);
  sw.network.online = false;
  for (const route of ['/', '/communaute', '/teacher/42', '/me/favorites', '/password/reset/confirm/u/t/']) {
    const res = await sw.request(route);
    expect([route, res !== 'network' && (await res.text())]).toEqual([route, PAGE]);
  }
  const script = await sw.request('/main.0123abcdef.js', { mode: 'no-cors' });
  expect(script !== 'network' && (await script.text())).toBe('file /main.0123abcdef.js');
});

it('online, navigations go to the network and refresh the kept page', async () => {
  const sw = serviceWorker();
  sw.network.answer = () => answer('<!doctype html><title>v2</title>');
  const res = await sw.request('/ranking');
  expect(res !== 'network' && (await res.text())).toBe('<!doctype html><title>v2</title>');
  expect(sw.network.requests).toEqual(['/ranking']);
  expect(sw.cached()).toEqual(['pupitre-shell-v3-page /']);
});

it("a server-rendered page is not kept (one path's content and reads): the plain page is asked for again instead", async () => {
  const sw = serviceWorker();
  const rendered = answer('<!doctype html><title>rendered</title>');
  rendered.headers.set('X-Pupitre-Composed', 'rendered');
  sw.network.answer = (url) => (new URL(url).pathname === '/teacher/42' ? rendered : answer(PAGE));
  const res = await sw.request('/teacher/42');
  expect(res !== 'network' && (await res.text())).toBe('<!doctype html><title>rendered</title>');
  expect(sw.network.requests).toEqual(['/teacher/42', '/index.html (cache: no-cache)']);
  sw.network.online = false;
  const offline = await sw.request('/ranking');
  expect(offline !== 'network' && (await offline.text())).toBe(PAGE);
});

it('never keeps a server-rendered page: offline, the shell’s own page is served', async () => {
  const sw = serviceWorker();
  await sw.lifecycle('install');
  sw.network.answer = () => answer('<!doctype html><div id="root">rendered</div>', { composed: 'rendered' });
  const online = await sw.request('/teacher/1');
  expect(online !== 'network' && (await online.text())).toContain('rendered');
  sw.network.online = false;
  const offline = await sw.request('/teacher/1');
  expect(offline !== 'network' && (await offline.text())).toBe(PAGE);
  // A plain answer of the composer (the page built in the browser) is the shell's page: kept.
  sw.network.online = true;
  sw.network.answer = () => answer('<!doctype html><title>v2</title>', { composed: 'plain' });
  await sw.request('/ranking');
  sw.network.online = false;
  const kept = await sw.request('/ranking');
  expect(kept !== 'network' && (await kept.text())).toBe('<!doctype html><title>v2</title>');
});

it('a micro-frontend visited once starts offline: its manifest and entry network first, its hashed chunks from the cache', async () => {
  const sw = serviceWorker();
  const files = [
    '/remotes.json',
    '/mfe/community/mf-manifest.json',
    '/mfe/community/remoteEntry.js',
    '/mfe/community/120.7c5fd83dea.js',
    '/mfe/community/286.fb3f85f239.css',
  ];
  for (const file of files) expect(await sw.request(file, { mode: 'cors' })).not.toBe('network');
  expect(sw.network.requests).toEqual(files);
  // Online again: the entry is asked for again (it changes with each build), the hashed chunk is not.
  await sw.request('/mfe/community/remoteEntry.js', { mode: 'cors' });
  await sw.request('/mfe/community/120.7c5fd83dea.js', { mode: 'cors' });
  expect(sw.network.requests.slice(files.length)).toEqual(['/mfe/community/remoteEntry.js']);
  sw.network.online = false;
  for (const file of files) {
    const res = await sw.request(file, { mode: 'cors' });
    expect([file, res !== 'network' && (await res.text())]).toEqual([file, `file ${file}`]);
  }
});

it('never touches the API, tokens, accounts, videos, other origins or writes, whatever the request', async () => {
  const sw = serviceWorker();
  const requests: [string, Parameters<typeof sw.request>[1]][] = [
    ['/api/subjects', { mode: 'cors' }],
    ['/api/teachers/ranking', { mode: 'navigate' }],
    ['/api/rating/community', { mode: 'cors' }],
    ['/api/rating/me', { mode: 'cors', headers: { Authorization: 'Bearer x' } }],
    ['/auth/token/', { mode: 'cors', method: 'POST' }],
    ['/auth/token/refresh/', { mode: 'cors', method: 'POST' }],
    ['/auth/oauth2/exchange', { mode: 'cors', method: 'POST' }],
    ['/auth/manage/users/me/', { mode: 'cors', headers: { Authorization: 'Bearer x' } }],
    ['/auth/me/favorites', { mode: 'navigate' }],
    ['/auth', { mode: 'navigate' }],
    ['/api/docs', { mode: 'navigate' }],
    ['/mfe/community/index.html', { mode: 'navigate' }],
    ['/config.json', { mode: 'navigate' }],
    ['/promo/promo-fr.webm', { mode: 'no-cors' }],
    ['/promo/promo-poster.webp', { mode: 'no-cors' }],
    ['/mfe/community/120.7c5fd83dea.js', { mode: 'cors', headers: { Range: 'bytes=0-10' } }],
    ['https://cdn.example.org/review/mf-manifest.json', { mode: 'cors' }],
    ['https://accounts.example.com/login', { mode: 'navigate' }],
    ['/teacher/1', { mode: 'navigate', method: 'POST' }],
    ['/mfe/review/remoteEntry.js', { mode: 'cors', method: 'POST' }],
  ];
  for (const [url, init] of requests) expect([url, await sw.request(url, init)]).toEqual([url, 'network']);
  expect(sw.network.requests).toEqual([]);
  expect(sw.cached()).toEqual([]);
});

it('keeps only a same-origin 200 HTML page that may be stored', async () => {
  const notThePage = [
    answer('{"error":"bad-gateway"}', { status: 502, contentType: 'application/json' }),
    answer('<!doctype html><title>down</title>', { status: 503 }),
    answer('{"teachers":[]}', { contentType: 'application/json' }),
    answer('<!doctype html><title>private</title>', { cacheControl: 'no-store' }),
    answer('<!doctype html><title>private</title>', { cacheControl: 'private, max-age=60' }),
    answer('', { type: 'opaqueredirect', status: 0 }),
    answer('<!doctype html><title>elsewhere</title>', { redirected: true }),
  ];
  for (const next of notThePage) {
    const sw = serviceWorker();
    sw.network.answer = () => next;
    expect(await sw.request('/communaute')).toBe(next);
    expect(sw.cached()).toEqual([]);
  }
});

it('keeps a file only from a same-origin 200 that may be stored', async () => {
  for (const next of [answer('', { status: 404 }), answer('x', { cacheControl: 'no-store' }), answer('x', { type: 'opaque', status: 0 })]) {
    const sw = serviceWorker();
    sw.network.answer = () => next;
    await sw.request('/mfe/review/remoteEntry.js', { mode: 'cors' });
    expect(sw.cached()).toEqual([]);
  }
});

it('deletes the caches of its older versions (one held API answers), never the page’s own', async () => {
  const sw = serviceWorker();
  for (const name of ['pupitre-shell-v1-static', 'pupitre-shell-v1-data', 'pupitre-shell-v2-page', 'pupitre-copies-v1']) {
    sw.stores.set(name, new Map([[`${ORIGIN}/api/teachers/ranking`, answer('[]', { contentType: 'application/json' })]]));
  }
  await sw.lifecycle('install');
  await sw.lifecycle('activate');
  expect([...sw.stores.keys()].sort()).toEqual(['pupitre-copies-v1', 'pupitre-shell-v3-files', 'pupitre-shell-v3-page']);
});

it('offline with nothing kept, a navigation or a file fails as the network does', async () => {
  const sw = serviceWorker();
  sw.network.online = false;
  await expect(sw.request('/communaute')).rejects.toThrow('Failed to fetch');
  await expect(sw.request('/mfe/community/remoteEntry.js', { mode: 'cors' })).rejects.toThrow('Failed to fetch');
});
