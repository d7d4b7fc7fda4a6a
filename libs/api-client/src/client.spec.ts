import { getSession, updateSession } from '@pupitre/session';
import { api, configureApiClient, NOT_FOUND_RETURN_MS, request, resetApiClient } from './client';

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
  updateSession({ email: 'a@b.c', access: 'x', refresh: 'y', accessExpiry: 10, lang: 'es' });
  const r = setup(reply(401, { detail: 'expired' }));
  await expect(api.get('/auth/me')).resolves.toMatchObject({ kind: 'unauthorized', status: 401 });
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, refresh: null, lang: 'es' });
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

test.each([403, 418, 429, 502, 503])('%i (other): redirect to /', async (status) => {
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
