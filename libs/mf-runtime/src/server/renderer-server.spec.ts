/** @jest-environment node */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteDeclaration } from '@pupitre/contracts';
import { createReadCache, type ReadOutcome } from './read-cache';
import { readPaths, startRendererServer, type RendererSpec } from './renderer-server';

const teacherRoute: RouteDeclaration = {
  path: '/teacher/:id',
  title: { fr: 'Professeur', es: 'Profesor', en: 'Teacher' },
  reads: [
    { path: '/api/teacher/:id', auth: true },
    { path: '/api/teacher/:id/reviews?limit=50', auth: true },
  ],
  render: true,
};

let answers: Record<string, ReadOutcome>;
let renderImpl: RendererSpec['render'];
const spec: RendererSpec = {
  remote: 'community',
  findRoute: (pathname) => {
    const m = /^\/teacher\/([^/]+)$/.exec(pathname);
    return m ? { route: teacherRoute, params: { id: decodeURIComponent(m[1]) } } : null;
  },
  render: (input) => renderImpl(input),
};
const logs: unknown[][] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const reads = createReadCache({ fetchRead: async (path) => answers[path] ?? { kind: 'failed', reason: 'timeout' }, maxAgeMs: 0 });
  server = await startRendererServer({ port: 0, host: '127.0.0.1', spec, reads, log: (...args) => logs.push(args), clock: () => 42 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  logs.length = 0;
  answers = {
    '/api/teacher/1': { kind: 'ok', body: { name: 'Durand' } },
    '/api/teacher/1/reviews?limit=50': { kind: 'ok', body: [] },
  };
  renderImpl = ({ reads, lang }) => ({
    route: '/teacher/:id',
    html: `<h1>${lang} ${(reads['/api/teacher/1'] as { name: string }).name}</h1>`,
  });
});

const get = async (url: string) => {
  const res = await fetch(`${base}${url}`);
  return { status: res.status, body: await res.json() };
};

test('the declared reads with the parameters in place; a suspicious value is never sent', () => {
  expect(readPaths(teacherRoute, { id: '1' })).toEqual(['/api/teacher/1', '/api/teacher/1/reviews?limit=50']);
  expect(readPaths(teacherRoute, { id: '1?x=' })).toBeNull();
});

test('200: the fragment, the route, the reads it was rendered from and the moment', async () => {
  expect(await get('/render?path=/teacher/1&lang=es')).toEqual({
    status: 200,
    body: {
      v: 1,
      remote: 'community',
      route: '/teacher/:id',
      html: '<h1>es Durand</h1>',
      reads: { '/api/teacher/1': { name: 'Durand' }, '/api/teacher/1/reviews?limit=50': [] },
      now: 42,
    },
  });
  expect(logs).toEqual([['info', 'render', { status: 200, route: '/teacher/:id', ms: 0 }]]);
});

test.each([
  ['/render?lang=fr', 400, 'bad-request'],
  ['/render?path=teacher/1&lang=fr', 400, 'bad-request'],
  ['/render?path=/teacher/1&lang=de', 400, 'bad-request'],
  ['/render?path=/teacher/1', 400, 'bad-request'],
  ['/render?path=/publication&lang=fr', 404, 'not-rendered'],
  ['/render?path=/teacher/2&lang=fr', 503, 'read-failed'],
])('%s → %i %s', async (url, status, error) => {
  expect(await get(url)).toEqual({ status, body: { error } });
});

test('a read answering 404 → 404 not-rendered; the API failing → 503', async () => {
  answers['/api/teacher/1'] = { kind: 'not-found' };
  expect(await get('/render?path=/teacher/1&lang=fr')).toEqual({ status: 404, body: { error: 'not-rendered' } });
  answers['/api/teacher/1'] = { kind: 'failed', reason: 'status 502' };
  expect(await get('/render?path=/teacher/1&lang=fr')).toEqual({ status: 503, body: { error: 'read-failed' } });
});

test('a render that throws → 500 render-failed, logged, no stack in the answer', async () => {
  renderImpl = () => {
    throw new Error('boom');
  };
  expect(await get('/render?path=/teacher/1&lang=fr')).toEqual({ status: 500, body: { error: 'render-failed' } });
  expect(logs[0]).toEqual(['error', 'render failed', { route: '/teacher/:id', error: 'boom' }]);
});

test('probes', async () => {
  expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  expect((await get('/elsewhere')).status).toBe(404);
});
