// The gateway's security headers, end to end through a running gateway: every answer carries
// them and they replace the upstreams' own; the pages' policy allows the remotes file's origins
// (re-read when it changes); the services' answers are never stored.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startGateway } from './gateway.mjs';
import { freePortList } from './ports.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from './security-headers.mjs';

const policy = loadSecurityPolicy();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-headers-'));
const remotesFile = path.join(dir, 'remotes.json');
const remotes = { community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example.org/review/mf-manifest.json' };

let upstream: http.Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let base: string;

beforeAll(async () => {
  fs.writeFileSync(remotesFile, JSON.stringify(remotes));
  // An upstream that sends looser headers of its own, and a cache policy.
  upstream = http.createServer((req, res) => {
    res.writeHead(200, {
      'Content-Type': req.url!.endsWith('.js') ? 'text/javascript' : 'application/json',
      'Content-Security-Policy': "default-src *; script-src * 'unsafe-inline'",
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    });
    res.end('{}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const [port, dead] = await freePortList(2);
  gateway = await startGateway({
    port,
    host: '127.0.0.1',
    remotesFile,
    targets: { shell: up, 'mfe-community': up, auth: up, rating: `http://127.0.0.1:${dead}` },
  });
  base = gateway.url.replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await gateway.stop();
  await new Promise((r) => upstream.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
const expectHeaders = (res: Response, expected: Record<string, string>) => expect(headersOf(res, Object.keys(expected))).toEqual(expected);

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

it('never lets the services’ answers be stored: tokens, the account, the user’s own data, the API', async () => {
  for (const [method, p] of [
    ['POST', '/auth/token/'],
    ['POST', '/auth/token/refresh/'],
    ['GET', '/auth/manage/users/me/'],
    ['GET', '/auth/oauth2/exchange'],
  ]) {
    const res = await fetch(`${base}${p}`, { method, body: method === 'POST' ? '{}' : undefined });
    expect([p, res.status]).toEqual([p, 200]);
    expectHeaders(res, serviceHeaders(policy));
  }
  // The rating API is down here: the gateway's own 502 carries them too.
  for (const p of ['/api/teachers/ranking', '/auth/me/favorites']) {
    const res = await fetch(`${base}${p}`, { headers: { Authorization: 'Bearer x' } });
    expect([p, res.status]).toEqual([p, 502]);
    expectHeaders(res, serviceHeaders(policy));
  }
});

it('follows the remotes file: a remote moved to another origin is allowed at the next page', async () => {
  const moved = { ...remotes, community: 'https://community.example.net/mf-manifest.json' };
  fs.writeFileSync(remotesFile, JSON.stringify(moved, null, 2));
  try {
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy');
    expect(csp).toBe(pageHeaders(policy, moved)['Content-Security-Policy']);
    expect(csp).toContain("connect-src 'self' https://cdn.example.org https://community.example.net;");
  } finally {
    fs.writeFileSync(remotesFile, JSON.stringify(remotes));
  }
});

it('sends them on its own answers too', async () => {
  expectHeaders(await fetch(`${base}/gateway/healthz`), pageHeaders(policy, remotes));
});
