/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiReader, createReadCache, type ReadOutcome } from './read-cache';

function counting(outcome: () => ReadOutcome | Promise<ReadOutcome>) {
  const calls: string[] = [];
  return { calls, fetchRead: async (path: string) => (calls.push(path), outcome()) };
}

test('a read is fresh for maxAge, then served stale once while one refresh runs, then read again', async () => {
  let now = 0;
  let version = 0;
  const api = counting(() => ({ kind: 'ok', body: ++version }));
  const cache = createReadCache({ fetchRead: api.fetchRead, maxAgeMs: 1000, clock: () => now });
  await expect(cache.get('/a')).resolves.toEqual({ kind: 'ok', body: 1 });
  now = 999;
  await expect(cache.get('/a')).resolves.toEqual({ kind: 'ok', body: 1 });
  expect(api.calls).toHaveLength(1);
  now = 1500; // stale: answered at once with the old body, refreshed in the background
  await expect(cache.get('/a')).resolves.toEqual({ kind: 'ok', body: 1 });
  await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  expect(api.calls).toHaveLength(2);
  await expect(cache.get('/a')).resolves.toEqual({ kind: 'ok', body: 2 });
  now = 5000; // past the stale window: read again before answering
  await expect(cache.get('/a')).resolves.toEqual({ kind: 'ok', body: 3 });
});

test('a burst reads a path once; concurrent misses share one request', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const api = counting(async () => (await gate, { kind: 'ok', body: 'x' }));
  const cache = createReadCache({ fetchRead: api.fetchRead, maxAgeMs: 1000 });
  const burst = Array.from({ length: 50 }, () => cache.get('/b'));
  release();
  expect(new Set((await Promise.all(burst)).map((o) => JSON.stringify(o)))).toEqual(new Set(['{"kind":"ok","body":"x"}']));
  await cache.get('/b');
  expect(api.calls).toHaveLength(1);
});

test('failures are not kept; 404s are', async () => {
  let outcome: ReadOutcome = { kind: 'failed', reason: 'status 500' };
  const api = counting(() => outcome);
  const cache = createReadCache({ fetchRead: api.fetchRead, maxAgeMs: 1000 });
  await cache.get('/c');
  outcome = { kind: 'not-found' };
  await expect(cache.get('/c')).resolves.toEqual({ kind: 'not-found' });
  await cache.get('/c');
  expect(api.calls).toHaveLength(2);
});

test('bounded: the least recently used entry goes first, size never passes maxEntries', async () => {
  const api = counting(() => ({ kind: 'ok', body: 1 }));
  const cache = createReadCache({ fetchRead: api.fetchRead, maxAgeMs: 1000, maxEntries: 3 });
  for (const p of ['/1', '/2', '/3']) await cache.get(p);
  await cache.get('/1'); // used: /2 is now the oldest
  await cache.get('/4');
  expect(cache.size()).toBe(3);
  api.calls.length = 0;
  await cache.get('/1');
  await cache.get('/2');
  expect(api.calls).toEqual(['/2']);
});

describe('apiReader', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/ok') return res.end('{"a":1}');
      if (req.url === '/api/slow') return void setTimeout(() => res.end('{}'), 1000).unref();
      res.statusCode = req.url === '/api/missing' ? 404 : req.url === '/api/refused' ? 400 : 500;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  test('200 → ok, 404 or 400 → not-found, 500 or too slow → failed', async () => {
    const read = apiReader(base, 5000);
    await expect(read('/api/ok')).resolves.toEqual({ kind: 'ok', body: { a: 1 } });
    await expect(read('/api/missing')).resolves.toEqual({ kind: 'not-found' });
    await expect(read('/api/refused')).resolves.toEqual({ kind: 'not-found' });
    await expect(read('/api/boom')).resolves.toEqual({ kind: 'failed', reason: 'status 500' });
    await expect(apiReader(base, 50)('/api/slow')).resolves.toMatchObject({ kind: 'failed' });
  });
});
