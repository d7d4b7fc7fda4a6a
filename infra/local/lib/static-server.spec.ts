import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSecurityPolicy, pageHeaders } from './security-headers.mjs';
import { serveStatic } from './static-server.mjs';

describe('static server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  const extra = path.join(dir, 'remotes-file.json');
  let srv: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1);'.repeat(100));
    fs.writeFileSync(extra, '{"a":"1"}');
    srv = await serveStatic({ port: 0, dir, base: '/', spa: true, files: { '/remotes.json': extra } });
  });
  afterAll(async () => {
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves hashed assets for good, gzipped, with CORS', async () => {
    const res = await fetch(`${srv.url}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('falls back to index.html for client routes, not for missing assets', async () => {
    const page = await fetch(`${srv.url}/teacher/12`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${srv.url}/missing.js`)).status).toBe(404);
  });

  it('reads mapped files at each request and never leaves its folder', async () => {
    expect(await (await fetch(`${srv.url}/remotes.json`)).json()).toEqual({ a: '1' });
    fs.writeFileSync(extra, '{"a":"2"}');
    expect(await (await fetch(`${srv.url}/remotes.json`)).json()).toEqual({ a: '2' });
    expect((await fetch(`${srv.url}/..%2f..%2fetc%2fpasswd.txt`)).status).toBe(404);
  });

  it('sends the pages’ security headers, no remote origin allowed, as the nginx images do', async () => {
    for (const p of ['/teacher/12', '/main.0123abcd.js', '/missing.js']) {
      const res = await fetch(`${srv.url}${p}`);
      const expected = pageHeaders(loadSecurityPolicy());
      expect([p, Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers.get(h)]))]).toEqual([p, expected]);
    }
  });
});
