import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway } from './gateway.mjs';
import { freePortList } from './ports.mjs';

describe('gateway', () => {
  let upstream: http.Server;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let deadPort: number;
  const seen: Array<{ url?: string; method?: string; xff?: string; body: string }> = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, method: req.method, xff: req.headers['x-forwarded-for'] as string, body });
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Upstream': 'yes' });
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const [port, dead] = await freePortList(2);
    deadPort = dead;
    gateway = await startGateway({ port, host: '127.0.0.1', targets: { auth: up, rating: `http://127.0.0.1:${deadPort}`, shell: up } });
  });
  afterAll(async () => {
    await gateway.stop();
    await new Promise((r) => upstream.close(r));
  });

  it('forwards method, path, query and body unchanged, with X-Forwarded-For', async () => {
    const res = await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/auth/token/?a=1`, { method: 'POST', body: '{"x":1}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(seen.at(-1)).toEqual({ url: '/auth/token/?a=1', method: 'POST', xff: '127.0.0.1', body: '{"x":1}' });
  });

  it('answers 502 with an error key when the upstream is down', async () => {
    const res = await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/api/teachers/ranking`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'bad-gateway' });
  });
});
