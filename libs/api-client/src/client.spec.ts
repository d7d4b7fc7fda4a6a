import { getSession, updateSession } from '@pupitre/session';
import { api, configureApiClient, NOT_FOUND_RETURN_MS, request, resetApiClient } from './client';
import { clearPrefetched, prefetch } from './prefetch';

// jsdom has no Response: a minimal stand-in with what the helper reads.
function reply(status: number, body?: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return jest.fn(
    async (_url: string, _init?: RequestInit) => ({ status, ok: status < 400, text: async () => text }) as unknown as Response,
  );
}

function setup(fetch: ReturnType<typeof reply> | jest.Mock, path = '/communaute') {
  const reactions = {
    navigate: jest.fn(),
    notify: jest.fn(),
    currentPath: jest.fn(() => path),
    schedule: jest.fn((fn: () => void) => fn()),
  };
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: '', ...reactions });
  return reactions;
}

beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  clearPrefetched();
});

test('200: parses JSON; bearer token from the session; same-origin path', async () => {
  updateSession({ access: 'tok', email: 'a@b.c' });
  const fetch = reply(200, [{ id: 1 }]);
  const r = setup(fetch);
  await expect(api.get('/api/teachers/ranking')).resolves.toEqual({ kind: 'ok', status: 200, data: [{ id: 1 }] });
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/teachers/ranking');
  expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  expect(r.navigate).not.toHaveBeenCalled();
});

test('201: JSON body sent and parsed', async () => {
  const fetch = reply(201, { message: 'created', id: 3 });
  setup(fetch);
  await expect(api.post('/api/rating/0', { teacher: 1 })).resolves.toEqual({
    kind: 'ok',
    status: 201,
    data: { message: 'created', id: 3 },
  });
  const init = fetch.mock.calls[0][1]!;
  expect(init.method).toBe('POST');
  expect(init.body).toBe('{"teacher":1}');
  expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
});

test('no token when the session has none, or when auth is false', async () => {
  const fetch = reply(200, {});
  setup(fetch);
  await api.get('/api/subjects');
  updateSession({ access: 'tok' });
  await api.get('/auth/health', { auth: false });
  for (const call of fetch.mock.calls) expect((call[1]!.headers as Record<string, string>).Authorization).toBeUndefined();
});

test('204: success without body', async () => {
  setup(reply(204));
  await expect(api.delete('/api/rating/1/favorite')).resolves.toEqual({ kind: 'no-content', status: 204 });
});

test('400: error marker with the body', async () => {
  const r = setup(reply(400, { error: 'wrong-teacher' }));
  await expect(api.post('/api/rating/0', {})).resolves.toEqual({ kind: 'bad-request', status: 400, body: { error: 'wrong-teacher' } });
  expect(r.notify).not.toHaveBeenCalled();
  expect(r.navigate).not.toHaveBeenCalled();
});

test('401: clears the session (keeps the language) and goes to /auth', async () => {
  updateSession({ email: 'a@b.c', access: 'x', accessExpiry: 10, lang: 'es' });
  const r = setup(reply(401, { detail: 'expired' }));
  await expect(api.get('/auth/me')).resolves.toMatchObject({ kind: 'unauthorized', status: 401 });
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, lang: 'es' });
  expect(r.navigate).toHaveBeenCalledWith('/auth');
});

test('401 while already on /auth does not navigate', async () => {
  const r = setup(reply(401), '/auth');
  await api.post('/auth/token/', {});
  expect(r.navigate).not.toHaveBeenCalled();
});

test('404: popup, then home after 3 s', async () => {
  const r = setup(reply(404, { error: 'not-found' }));
  await expect(api.get('/api/teacher/99')).resolves.toMatchObject({ kind: 'not-found', status: 404 });
  expect(r.notify).toHaveBeenCalledWith('Error.404');
  expect(r.schedule).toHaveBeenCalledWith(expect.any(Function), NOT_FOUND_RETURN_MS);
  expect(r.navigate).toHaveBeenCalledWith('/');
});

test('409: collision popup', async () => {
  const r = setup(reply(409, { error: 'duplicate-review' }));
  await expect(api.post('/api/rating/0', {})).resolves.toEqual({ kind: 'conflict', status: 409, body: { error: 'duplicate-review' } });
  expect(r.notify).toHaveBeenCalledWith('Error.collision');
});

test('500: fatal popup', async () => {
  const r = setup(reply(500, 'oops'));
  await expect(api.get('/api/x')).resolves.toEqual({ kind: 'fatal', status: 500 });
  expect(r.notify).toHaveBeenCalledWith('Error.fatal');
});

test('429: throttled, with the wait the service asks for, and a popup', async () => {
  const fetch = jest.fn(
    async () => ({ status: 429, ok: false, headers: new Headers({ 'Retry-After': '120' }), text: async () => '' }) as unknown as Response,
  );
  const r = setup(fetch);
  await expect(api.post('/auth/manage/users/', {})).resolves.toEqual({ kind: 'throttled', status: 429, retryAfter: 120 });
  expect(r.notify).toHaveBeenCalledWith('Error.throttled');
  expect(r.navigate).not.toHaveBeenCalled();
});

test.each([403, 418, 502, 503])('%i (other): redirect to /', async (status) => {
  const r = setup(reply(status));
  await expect(api.get('/api/x')).resolves.toEqual({ kind: 'redirected', status });
  expect(r.navigate).toHaveBeenCalledWith('/');
});

test('network failure: fatal', async () => {
  const fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const r = setup(fetch);
  await expect(api.get('/api/x')).resolves.toMatchObject({ kind: 'fatal', status: null });
  expect(r.notify).toHaveBeenCalledWith('Error.fatal');
});

test('an aborted request is fatal but raises no popup', async () => {
  const fetch = jest.fn(async () => {
    throw new DOMException('aborted', 'AbortError');
  });
  const r = setup(fetch);
  await expect(api.get('/api/x')).resolves.toMatchObject({ kind: 'fatal' });
  expect(r.notify).not.toHaveBeenCalled();
});

test('react: false keeps the outcome but skips navigation and popups', async () => {
  const r = setup(reply(404));
  await expect(request('GET', '/auth/health', { react: false })).resolves.toMatchObject({ kind: 'not-found' });
  const r2 = setup(reply(502));
  await expect(request('GET', '/auth/health', { react: false })).resolves.toEqual({ kind: 'redirected', status: 502 });
  expect(r.notify).not.toHaveBeenCalled();
  expect(r2.navigate).not.toHaveBeenCalled();
});

test('a non-JSON 200 body is returned as text; baseUrl prefixes the path', async () => {
  const fetch = reply(200, 'plain');
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: 'https://api.example' });
  await expect(api.put('/api/rating/1', { a: 1 })).resolves.toEqual({ kind: 'ok', status: 200, data: 'plain' });
  expect(fetch.mock.calls[0][0]).toBe('https://api.example/api/rating/1');
});

describe('copies for offline reading (keep)', () => {
  // jsdom has neither Cache Storage nor Response: minimal stand-ins with what the copies use.
  class FakeResponse {
    constructor(private readonly text: string) {}
    async json() {
      return JSON.parse(this.text);
    }
  }
  let stores: Map<string, Map<string, FakeResponse>>;
  beforeEach(() => {
    stores = new Map();
    Object.assign(globalThis, {
      Response: FakeResponse,
      caches: {
        open: async (name: string) => {
          if (!stores.has(name)) stores.set(name, new Map());
          const store = stores.get(name)!;
          return {
            put: async (key: string, value: FakeResponse) => void store.set(key, value),
            match: async (key: string) => store.get(key),
          };
        },
        delete: async (name: string) => stores.delete(name),
      },
    });
  });
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
    delete (globalThis as { Response?: unknown }).Response;
  });
  const offline = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  test('a kept answer comes back, with when it was fetched, when the network fails; no popup', async () => {
    setup(reply(200, [{ id: 1 }]));
    const before = Date.now();
    await api.get('/api/teachers/ranking', { keep: true });
    await settle();
    const r = setup(offline);
    const outcome = await api.get('/api/teachers/ranking', { keep: true });
    expect(outcome).toMatchObject({ kind: 'ok', status: 200, data: [{ id: 1 }] });
    expect((outcome as { storedAt: number }).storedAt).toBeGreaterThanOrEqual(before);
    expect(r.notify).not.toHaveBeenCalled();
  });

  test('a read the shell started ahead (prefetch) is kept for its caller, and its copy answers when the prefetch fails', async () => {
    setup(reply(200, [{ id: 2 }]));
    await prefetch('/api/community');
    await api.get('/api/community', { keep: true });
    await settle();
    const r = setup(offline);
    await prefetch('/api/community');
    const outcome = await api.get('/api/community', { keep: true });
    expect(outcome).toMatchObject({ kind: 'ok', status: 200, data: [{ id: 2 }] });
    expect((outcome as { storedAt?: number }).storedAt).toEqual(expect.any(Number));
    expect(r.notify).not.toHaveBeenCalled();
  });

  test('nothing is kept without `keep`; a copy made for someone else is never shown; sign-out drops them', async () => {
    setup(reply(200, { a: 1 }));
    await api.get('/api/teacher/1');
    await settle();
    setup(offline);
    await expect(api.get('/api/teacher/1', { keep: true })).resolves.toMatchObject({ kind: 'fatal' });

    updateSession({ email: 'a@b.c', access: 'tok' });
    setup(reply(200, { a: 1 }));
    await api.get('/api/teacher/1', { keep: true });
    await settle();
    updateSession({ email: 'other@b.c' });
    setup(offline);
    await expect(api.get('/api/teacher/1', { keep: true })).resolves.toMatchObject({ kind: 'fatal' });

    updateSession({ email: 'a@b.c' });
    await expect(api.get('/api/teacher/1', { keep: true })).resolves.toMatchObject({ kind: 'ok' });
    setup(reply(401, { detail: 'expired' }));
    await api.get('/auth/me');
    await settle();
    updateSession({ email: 'a@b.c' });
    setup(offline);
    await expect(api.get('/api/teacher/1', { keep: true })).resolves.toMatchObject({ kind: 'fatal' });
  });
});
