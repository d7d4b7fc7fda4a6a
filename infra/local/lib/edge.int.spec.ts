// The edge for real: Debian's nginx with the generated configuration (edge-config.mjs) in front of
// small upstreams. Paths pass unchanged; X-Forwarded-For is the peer; every answer carries the
// security headers, replacing the upstream's; an upstream that is down gives 502 with an error key;
// the composer answers navigations and the shell stands in for it when it fails; a changed target
// or remotes file is applied by a reload.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEdge } from './edge.mjs';
import { freePortList } from './ports.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from './security-headers.mjs';

const policy = loadSecurityPolicy();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-int-'));
const remotesFile = path.join(dir, 'remotes.json');
const remotes = { community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example.org/review/mf-manifest.json' };

type Seen = { url?: string; method?: string; xff?: string; forwarded?: string; realIp?: string; host?: string; body: string };
const seen: Seen[] = [];

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const close = (s: http.Server) => new Promise((r) => (s.closeAllConnections(), s.close(r)));

let upstream: Awaited<ReturnType<typeof listen>>;
let composer: Awaited<ReturnType<typeof listen>>;
let edge: Awaited<ReturnType<typeof startEdge>>;
let base: string;
let dead: number;

beforeAll(async () => {
  fs.writeFileSync(remotesFile, JSON.stringify(remotes));
  // An upstream that records what it gets and sends looser headers of its own, and a cache policy.
  upstream = await listen((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        url: req.url,
        method: req.method,
        xff: req.headers['x-forwarded-for'] as string,
        forwarded: req.headers.forwarded,
        realIp: req.headers['x-real-ip'] as string,
        host: req.headers.host,
        body,
      });
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'Content-Type': req.url!.endsWith('.js') ? 'text/javascript' : 'application/json',
        'Content-Security-Policy': "default-src *; script-src * 'unsafe-inline'",
        'X-Frame-Options': 'SAMEORIGIN',
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        'X-Upstream': 'yes',
      });
      res.end(req.url!.endsWith('.js') ? 'x'.repeat(4000) : JSON.stringify({ from: 'shell' }));
    });
  });
  composer = await listen((req, res) => {
    if (req.url!.startsWith('/slow')) return void setTimeout(() => res.end('late'), 3000);
    if (req.url!.startsWith('/failing')) return void (res.writeHead(500), res.end('oops'));
    if (req.url!.startsWith('/missing')) return void (res.writeHead(404, { 'Content-Type': 'text/html' }), res.end('composed 404'));
    res.writeHead(200, { 'Content-Type': 'text/html', 'X-Frame-Options': 'SAMEORIGIN' });
    res.end(`composed ${req.method} ${req.url}`);
  });
  const [port, deadPort] = await freePortList(2);
  dead = deadPort;
  edge = await startEdge({
    port,
    remotesFile,
    dir: path.join(dir, 'edge'),
    targets: { shell: upstream.url, 'mfe-community': upstream.url, auth: upstream.url, rating: `http://127.0.0.1:${dead}` },
  });
  base = edge.url.replace('localhost', '127.0.0.1');
}, 30_000);
afterAll(async () => {
  await edge?.stop();
  await close(upstream.server);
  await close(composer.server);
  fs.rmSync(dir, { recursive: true, force: true });
});

const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
const expectHeaders = (res: Response, expected: Record<string, string>) => expect(headersOf(res, Object.keys(expected))).toEqual(expected);

describe('routing and forwarding', () => {
  it('forwards method, path, query and body unchanged, with X-Forwarded-For and the Host', async () => {
    const res = await fetch(`${base}/auth/token/?a=1&b=%2F`, {
      method: 'POST',
      body: '{"x":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(seen.at(-1)).toEqual({
      url: '/auth/token/?a=1&b=%2F',
      method: 'POST',
      xff: '127.0.0.1',
      host: new URL(base).host,
      body: '{"x":1}',
      forwarded: undefined,
      realIp: undefined,
    });
  });

  it('overwrites X-Forwarded-For with the peer address: a client cannot choose the address the services see', async () => {
    const res = await fetch(`${base}/auth/token/`, {
      method: 'POST',
      body: '{}',
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7', forwarded: 'for=203.0.113.9', 'x-real-ip': '203.0.113.9' },
    });
    expect(res.status).toBe(201);
    const last = seen.at(-1)!;
    expect([last.xff, last.forwarded, last.realIp]).toEqual(['127.0.0.1', undefined, undefined]);
  });

  it('answers 502 {"error":"bad-gateway"} with the services’ headers when an upstream is down', async () => {
    for (const p of ['/api/teachers/ranking', '/auth/me/favorites']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status]).toEqual([p, 502]);
      expect(await res.json()).toMatchObject({ error: 'bad-gateway' });
      expectHeaders(res, serviceHeaders(policy));
    }
  });

  it('answers 404 with an error key for a route whose target is not running, 400 for a malformed request line', async () => {
    const res = await fetch(`${base}/mfe/review/remoteEntry.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not-found' });
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      socket.on('data', (c) => (data += c));
      socket.on('close', () => resolve(data));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('X-Frame-Options: DENY');
    expect(raw.split('\r\n\r\n')[1]).toBe('{"error":"bad-request"}');
    // A NUL in the path nginx refuses itself, with the services' error body.
    const nul = await fetch(`${base}/api/teacher/1%00`);
    expect([nul.status, await nul.json(), nul.headers.get('cache-control')]).toEqual([400, { error: 'bad-request' }, 'no-store']);
    // A long query (a thousand parameters) reaches the upstream, as it reached the services directly.
    const query = Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&');
    expect((await fetch(`${base}/auth/manage/users/me/?${query}`)).status).toBe(200);
  });

  it('takes a body up to the services’ limit (32 kB) without writing it to disk, and streams a big answer', async () => {
    const res = await fetch(`${base}/auth/token/`, { method: 'POST', body: 'y'.repeat(32 * 1024) });
    expect(res.status).toBe(201);
    expect(seen.at(-1)!.body).toHaveLength(32 * 1024);
    const tmp = path.join(dir, 'edge', 'tmp');
    const files = (d: string): string[] =>
      fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [e.name]));
    expect(fs.existsSync(tmp) ? files(tmp) : []).toEqual([]);
  });

  it('refuses a body over the services’ limit (32 kB) with 413', async () => {
    const res = await fetch(`${base}/auth/token/`, { method: 'POST', body: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'payload-too-large' });
    expectHeaders(res, { 'X-Frame-Options': 'DENY' });
  });

  it('gzips text', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/mfe/community/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    res.resume();
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a GET again on a new connection when the upstream closed the kept-alive one (no 502)', async () => {
    const perSocket = new WeakMap<object, number>();
    const flaky = await listen((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      if (n === 2) return void req.socket.destroy();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ n }));
    });
    await edge.setTarget('mfe-community', flaky.url);
    try {
      for (let i = 0; i < 4; i++) expect((await fetch(`${base}/mfe/community/a.js`)).status).toBe(200);
      const six = () =>
        Promise.all(Array.from({ length: 6 }, (_, i) => fetch(`${base}/mfe/community/chunk-${i}.js`).then((r) => r.status)));
      expect(await six()).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await six()).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await edge.setTarget('mfe-community', upstream.url);
      await close(flaky.server);
    }
  });
});

describe('security headers', () => {
  it('serves the shell’s pages with the pages’ policy, the remotes’ origins allowed, the upstream’s caching kept', async () => {
    for (const p of ['/', '/communaute', '/auth', '/remotes.json']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status]).toEqual([p, 200]);
      expectHeaders(res, pageHeaders(policy, remotes));
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' https://cdn.example.org;");
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    }
  });

  it('serves a remote’s files with the same headers (and its CORS header)', async () => {
    const res = await fetch(`${base}/mfe/community/remoteEntry.js`);
    expectHeaders(res, pageHeaders(policy, remotes));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never lets the services’ answers be stored', async () => {
    for (const [method, p] of [
      ['POST', '/auth/token/'],
      ['GET', '/auth/manage/users/me/'],
    ]) {
      const res = await fetch(`${base}${p}`, { method, body: method === 'POST' ? '{}' : undefined });
      expect([p, res.status]).toEqual([p, method === 'POST' ? 201 : 200]);
      expectHeaders(res, serviceHeaders(policy));
    }
  });

  it('follows the remotes file: a remote moved to another origin is allowed once reloaded', async () => {
    const moved = { ...remotes, community: 'https://community.example.net/mf-manifest.json' };
    fs.writeFileSync(remotesFile, JSON.stringify(moved, null, 2));
    try {
      await edge.reload();
      const csp = (await fetch(`${base}/`)).headers.get('content-security-policy');
      expect(csp).toBe(pageHeaders(policy, moved)['Content-Security-Policy']);
    } finally {
      fs.writeFileSync(remotesFile, JSON.stringify(remotes));
      await edge.reload();
    }
  });

  it('sends them on its own answers too', async () => {
    const res = await fetch(`${base}/edge/healthz`);
    expect(res.status).toBe(200);
    expectHeaders(res, pageHeaders(policy, remotes));
  });

  it('keeps no access log and writes no client address to its error log', async () => {
    await fetch(`${base}/api/rating/1234567890123`);
    expect(fs.readdirSync(path.join(dir, 'edge')).filter((f) => /access/.test(f))).toEqual([]);
    expect(fs.existsSync(edge.logFile) ? fs.readFileSync(edge.logFile, 'utf8') : '').not.toContain('127.0.0.1');
  });
});

describe('the composer', () => {
  beforeAll(() => edge.setTarget('composer', composer.url), 15_000);
  afterAll(() => edge.setTarget('composer', undefined), 15_000);

  it('answers the shell’s page navigations, with the pages’ headers', async () => {
    for (const p of ['/', '/communaute', '/teacher/42', '/auth']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status, await res.text()]).toEqual([p, 200, `composed GET ${p}`]);
      expectHeaders(res, pageHeaders(policy, remotes));
    }
    const head = await fetch(`${base}/communaute`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('leaves files, other methods and the other targets to their upstream', async () => {
    for (const p of ['/main.js', '/remotes.json', '/sw.js', '/mfe/community/remoteEntry.js']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.headers.get('x-upstream')]).toEqual([p, 'yes']);
    }
    expect((await fetch(`${base}/communaute`, { method: 'POST', body: '' })).headers.get('x-upstream')).toBe('yes');
    expect((await fetch(`${base}/auth/token/`, { method: 'GET' })).headers.get('x-upstream')).toBe('yes');
  });

  it('passes its own 4xx through', async () => {
    const res = await fetch(`${base}/missing`);
    expect([res.status, await res.text()]).toEqual([404, 'composed 404']);
  });

  it('falls back to the shell when it fails (5xx) or is slow (over 2 s)', async () => {
    for (const p of ['/failing', '/slow']) {
      const started = Date.now();
      const res = await fetch(`${base}${p}`);
      expect([p, res.status, res.headers.get('x-upstream')]).toEqual([p, 200, 'yes']);
      expectHeaders(res, pageHeaders(policy, remotes));
      expect(Date.now() - started).toBeLessThan(2900);
    }
  });

  it('falls back to the shell at once when it is down', async () => {
    await edge.setTarget('composer', `http://127.0.0.1:${dead}`);
    try {
      const started = Date.now();
      const res = await fetch(`${base}/communaute`);
      expect([res.status, res.headers.get('x-upstream')]).toEqual([200, 'yes']);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await edge.setTarget('composer', composer.url);
    }
  });
});
