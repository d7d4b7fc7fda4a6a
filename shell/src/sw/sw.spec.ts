/**
 * @jest-environment node
 */
// The service worker as shipped (shell/public/sw.js), run in a sandbox with a fake CacheStorage
// and network: it caches the shell's HTML page from navigations, and nothing else.
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
  constructor(url: string, init: { cache?: string } = {}) {
    this.url = new URL(url, ORIGIN).href;
    this.cache = init.cache;
  }
}

/** A Response whose `type` and `redirected` are what a browser would give (Node's are fixed). */
function answer(
  body: string,
  { status = 200, type = 'basic', contentType = 'text/html; charset=utf-8', cacheControl = 'no-cache', redirected = false } = {},
) {
  const response = new Response(body, {
    status: Math.max(status, 200),
    headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl },
  });
  Object.defineProperty(response, 'status', { value: status });
  Object.defineProperty(response, 'type', { value: type });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
}

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
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const network = { online: true, requests: [] as string[], answer: (_url: string) => answer('<!doctype html><title>shell</title>') };
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
    const req: FakeRequest = { url: new URL(pathOrUrl, ORIGIN).href, method, mode, headers: new Headers(headers) };
    handlers.get('fetch')!({ request: req, respondWith: (p: Promise<Response>) => (responded = p) });
    return responded ? await responded : 'network';
  }
  const cached = () => [...stores.entries()].flatMap(([name, store]) => [...store.keys()].map((url) => `${name} ${new URL(url).pathname}`));
  return { lifecycle, request, network, stores, cached };
}

it('keeps the shell’s page at install, and serves it offline for any of the shell’s routes', async () => {
  const sw = serviceWorker();
  await sw.lifecycle('install');
  await sw.lifecycle('activate');
  expect(sw.network.requests).toEqual(['/ (cache: reload)']);
  expect(sw.cached()).toEqual(['pupitre-shell-v2-page /']);
  sw.network.online = false;
  for (const route of ['/', '/communaute', '/teacher/42', '/me/favorites', '/password/reset/confirm/u/t/']) {
    const res = await sw.request(route);
    expect([route, res !== 'network' && (await res.text())]).toEqual([route, '<!doctype html><title>shell</title>']);
  }
});

it('online, navigations go to the network and refresh the kept page', async () => {
  const sw = serviceWorker();
  sw.network.answer = () => answer('<!doctype html><title>v2</title>');
  const res = await sw.request('/ranking');
  expect(res !== 'network' && (await res.text())).toBe('<!doctype html><title>v2</title>');
  expect(sw.network.requests).toEqual(['/ranking']);
  expect(sw.cached()).toEqual(['pupitre-shell-v2-page /']);
});

it('never touches the API, tokens, accounts, the remotes, files or other origins, whatever the request', async () => {
  const sw = serviceWorker();
  const requests: [string, Parameters<typeof sw.request>[1]][] = [
    ['/api/subjects', { mode: 'cors' }],
    ['/api/teachers/ranking', { mode: 'navigate' }],
    ['/api/rating/me', { mode: 'cors', headers: { Authorization: 'Bearer x' } }],
    ['/auth/token/', { mode: 'cors', method: 'POST' }],
    ['/auth/token/refresh/', { mode: 'cors', method: 'POST' }],
    ['/auth/oauth2/exchange', { mode: 'cors', method: 'POST' }],
    ['/auth/manage/users/me/', { mode: 'cors', headers: { Authorization: 'Bearer x' } }],
    ['/auth/me/favorites', { mode: 'navigate' }],
    ['/auth', { mode: 'navigate' }],
    ['/api/docs', { mode: 'navigate' }],
    ['/mfe/review/mf-manifest.json', { mode: 'cors' }],
    ['/mfe/community/index.html', { mode: 'navigate' }],
    ['/main.0123456789.js', { mode: 'no-cors' }],
    ['/remotes.json', { mode: 'cors' }],
    ['/config.json', { mode: 'navigate' }],
    ['/promo/promo-poster.webp', { mode: 'no-cors' }],
    ['https://cdn.example.org/review/mf-manifest.json', { mode: 'cors' }],
    ['https://accounts.example.com/login', { mode: 'navigate' }],
    ['/teacher/1', { mode: 'navigate', method: 'POST' }],
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

it('deletes the caches of older versions, which held API answers', async () => {
  const sw = serviceWorker();
  for (const name of ['pupitre-shell-v1-static', 'pupitre-shell-v1-data']) {
    sw.stores.set(name, new Map([[`${ORIGIN}/api/teachers/ranking`, answer('[]', { contentType: 'application/json' })]]));
  }
  await sw.lifecycle('install');
  await sw.lifecycle('activate');
  expect([...sw.stores.keys()]).toEqual(['pupitre-shell-v2-page']);
});

it('offline with nothing kept, a navigation fails as the network does', async () => {
  const sw = serviceWorker();
  sw.network.online = false;
  await expect(sw.request('/communaute')).rejects.toThrow('Failed to fetch');
});
