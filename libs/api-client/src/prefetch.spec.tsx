import { act, render, screen } from '@testing-library/react';
import { updateSession } from '@pupitre/session';
import { api, configureApiClient, resetApiClient } from './client';
import { clearPrefetched, isPrefetched, peekPrefetched, prefetch, PREFETCH_TTL_MS, primeServerReads } from './prefetch';
import { useApiGet } from './react';

// jsdom has no Response: a minimal stand-in with what the helper reads.
function reply(status: number, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return jest.fn(
    async (_url: string, _init?: RequestInit) => ({ status, ok: status < 400, text: async () => text }) as unknown as Response,
  );
}

function setup(fetch: ReturnType<typeof reply>) {
  const reactions = { navigate: jest.fn(), notify: jest.fn(), currentPath: () => '/teacher/9', schedule: jest.fn() };
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, ...reactions });
  return reactions;
}

beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  clearPrefetched();
});
afterEach(() => jest.useRealTimers());

test('a prefetched GET is sent once: the caller asking for it gets that answer', async () => {
  const fetch = reply(200, [{ id: 1 }]);
  setup(fetch);
  await prefetch('/api/teachers/ranking');
  expect(peekPrefetched('GET', '/api/teachers/ranking', true)).toEqual({ kind: 'ok', status: 200, data: [{ id: 1 }] });
  await expect(api.get('/api/teachers/ranking')).resolves.toEqual({ kind: 'ok', status: 200, data: [{ id: 1 }] });
  expect(fetch).toHaveBeenCalledTimes(1);
  // Handed over once: asking again asks the service.
  expect(isPrefetched('GET', '/api/teachers/ranking', true)).toBe(false);
  await api.get('/api/teachers/ranking');
  expect(fetch).toHaveBeenCalledTimes(2);
});

test('starting the same read twice sends it once', async () => {
  const fetch = reply(200, []);
  setup(fetch);
  const first = prefetch('/api/subjects', { auth: false });
  expect(prefetch('/api/subjects', { auth: false })).toBe(first);
  await first;
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('the reactions (popup, navigation) happen when the caller takes the answer, not before', async () => {
  const r = setup(reply(404, { error: 'not-found' }));
  await prefetch('/api/teacher/9');
  expect(r.notify).not.toHaveBeenCalled();
  await expect(api.get('/api/teacher/9')).resolves.toMatchObject({ kind: 'not-found' });
  expect(r.notify).toHaveBeenCalledWith('Error.404');
});

test('a read with the token is not handed to a caller without it (and the other way round)', async () => {
  updateSession({ access: 'tok', email: 'a@b.c' });
  const fetch = reply(200, {});
  setup(fetch);
  await prefetch('/api/rating/community');
  await api.get('/api/rating/community', { auth: false });
  expect(fetch).toHaveBeenCalledTimes(2);
  expect((fetch.mock.calls[0][1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  expect((fetch.mock.calls[1][1]!.headers as Record<string, string>).Authorization).toBeUndefined();
});

test('only GETs without a body are answered ahead; a read nobody takes expires', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const fetch = reply(200, {});
  setup(fetch);
  await prefetch('/api/subjects');
  await api.post('/api/subjects', { x: 1 });
  expect(fetch).toHaveBeenCalledTimes(2);
  jest.setSystemTime(1_000_000 + PREFETCH_TTL_MS + 1);
  expect(isPrefetched('GET', '/api/subjects', true)).toBe(false);
  await api.get('/api/subjects');
  expect(fetch).toHaveBeenCalledTimes(3);
});

test('useApiGet renders a prefetched answer already in on its first render (no loading frame)', async () => {
  const fetch = reply(200, ['Maths']);
  setup(fetch);
  await prefetch('/api/subjects', { auth: false });
  const renders: string[] = [];
  function Subjects() {
    const state = useApiGet<string[]>('/api/subjects', { auth: false });
    renders.push(state.status);
    return <p>{state.status === 'success' ? state.data.join(',') : state.status}</p>;
  }
  render(<Subjects />);
  expect(screen.getByText('Maths')).toBeInTheDocument();
  await screen.findByText('Maths');
  expect(renders).not.toContain('loading');
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('the prefetched answer a screen showed first is not rendered a second time when its request takes it', async () => {
  setup(reply(200, ['Maths']));
  await prefetch('/api/subjects', { auth: false });
  let rows = 0;
  function Row({ name }: { name: string }) {
    rows += 1;
    return <li>{name}</li>;
  }
  function Subjects() {
    const state = useApiGet<string[]>('/api/subjects', { auth: false });
    return <ul>{state.status === 'success' ? state.data.map((name) => <Row key={name} name={name} />) : null}</ul>;
  }
  render(<Subjects />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10)); // the effect's request takes the prefetch
  });
  expect(screen.getByText('Maths')).toBeInTheDocument();
  expect(rows).toBe(1);
});

describe('primeServerReads (a server-rendered page, issue #39)', () => {
  function Teacher({ seen }: { seen: string[] }) {
    const state = useApiGet<{ name: string }>('/api/teacher/1', { keep: true });
    seen.push(state.status === 'success' ? state.data.name : state.status);
    return <p>{state.status === 'success' ? state.data.name : state.status}</p>;
  }

  test('a visitor without a session: the first render shows the server read, and no request goes out', async () => {
    const fetch = reply(200, { name: 'fresh' });
    setup(fetch);
    primeServerReads({ '/api/teacher/1': { name: 'Durand' } });
    const seen: string[] = [];
    render(<Teacher seen={seen} />);
    expect(seen[0]).toBe('Durand');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByText('Durand')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(seen).not.toContain('loading');
    // Consumed once: a later read asks the service.
    expect(peekPrefetched('GET', '/api/teacher/1', true)).toBeUndefined();
  });

  test('a signed-in visitor: the first render shows the server read, then their own answer (with the token) replaces it', async () => {
    updateSession({ access: 'tok', email: 'a@b.c' });
    const fetch = reply(200, { name: 'Durand (mine)' });
    setup(fetch);
    primeServerReads({ '/api/teacher/1': { name: 'Durand' } });
    const seen: string[] = [];
    render(<Teacher seen={seen} />);
    expect(seen[0]).toBe('Durand');
    expect(await screen.findByText('Durand (mine)')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen).not.toContain('loading');
  });

  test('the start-up prefetch of a server-rendered page asks again only for a signed-in visitor (their own state)', async () => {
    const fetch = reply(200, { name: 'fresh' });
    setup(fetch);
    primeServerReads({ '/api/teacher/1': { name: 'Durand' } });
    expect(await prefetch('/api/teacher/1')).toEqual({ kind: 'ok', status: 200, data: { name: 'Durand' } });
    expect(fetch).not.toHaveBeenCalled();
    updateSession({ access: 'tok', email: 'a@b.c' });
    await prefetch('/api/teacher/1');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a server read comes before a prefetch of the same path on the first render', async () => {
    setup(reply(200, { name: 'prefetched' }));
    await prefetch('/api/teacher/1');
    primeServerReads({ '/api/teacher/1': { name: 'Durand' } });
    expect(peekPrefetched('GET', '/api/teacher/1', true)).toEqual({ kind: 'ok', status: 200, data: { name: 'Durand' } });
  });
});
