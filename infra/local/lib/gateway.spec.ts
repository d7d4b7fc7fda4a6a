import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway } from './gateway.mjs';
import { freePortList } from './ports.mjs';

describe('gateway', () => {
  let upstream: http.Server;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let deadPort: number;
  const seen: Array<{ url?: string; method?: string; xff?: string; forwarded?: string; realIp?: string; body: string }> = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, method: req.method, xff: req.headers['x-forwarded-for'] as string, body });
        if (req.headers.forwarded) seen.at(-1)!.forwarded = req.headers.forwarded;
        if (req.headers['x-real-ip']) seen.at(-1)!.realIp = req.headers['x-real-ip'] as string;
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
    const res = await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/auth/token/?a=1`, {
      method: 'POST',
      body: '{"x":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(seen.at(-1)).toEqual({ url: '/auth/token/?a=1', method: 'POST', xff: '127.0.0.1', body: '{"x":1}' });
  });

  it('overwrites X-Forwarded-For with the peer address: a client cannot choose the address the services see', async () => {
    const res = await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/auth/token/`, {
      method: 'POST',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9, 198.51.100.7',
        forwarded: 'for=203.0.113.9',
        'x-real-ip': '203.0.113.9',
      },
    });
    expect(res.status).toBe(201);
    const last = seen.at(-1)!;
    expect([last.xff, last.forwarded, last.realIp]).toEqual(['127.0.0.1', undefined, undefined]);
  });

  it('forwards a GET that carries a body without it, instead of leaving the upstream waiting for it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${gateway.url.replace('localhost', '127.0.0.1')}/auth/manage/users/me/`,
        { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '7' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{"x":1}');
    });
    expect(status).toBe(201);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/auth/manage/users/me/', body: '' });
  });

  it('answers 502 with an error key when the upstream is down', async () => {
    const res = await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/api/teachers/ranking`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'bad-gateway' });
  });

  it('sends a GET again on a new connection when the upstream closed the kept-alive one (no 502)', async () => {
    // An upstream that drops every second request of a connection, as one whose idle timeout fires
    // just as the gateway reuses the socket.
    const perSocket = new WeakMap<object, number>();
    const flaky = http.createServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      if (n === 2) return req.socket.destroy();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ n }));
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    const [port] = await freePortList(1);
    const gw = await startGateway({
      port,
      host: '127.0.0.1',
      targets: { shell: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}` },
    });
    try {
      const base = gw.url.replace('localhost', '127.0.0.1');
      for (let i = 0; i < 4; i++) expect((await fetch(`${base}/remotes.json`)).status).toBe(200);
      // A page's six requests at once open six connections; the next six find all of them closed
      // by the upstream: each is sent again on a connection of its own, none takes another closed one.
      const six = () => Promise.all(Array.from({ length: 6 }, (_, i) => fetch(`${base}/chunk-${i}.js`).then((r) => r.status)));
      expect(await six()).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await six()).toEqual([200, 200, 200, 200, 200, 200]);
      // A POST is not replayed: its body is gone.
      await fetch(`${base}/x`, { method: 'GET' });
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await fetch(`${base}/form`, { method: 'POST', body: 'a=1' })).status);
      expect(statuses).toContain(502);
    } finally {
      await gw.stop();
      await new Promise((r) => flaky.close(r));
    }
  });

  describe('an upstream that closes idle connections', () => {
    /**
     * An upstream that closes a connection idle for `closesAfterMs` at the worst moment: as the next
     * request on it arrives (reset, no answer), as one whose idle timer fires just then. It
     * announces its limit as Node does (`Keep-Alive: timeout=N`) when `announceS` is given.
     */
    async function closingUpstream(closesAfterMs: number, announceS?: number) {
      const lastAnswer = new WeakMap<object, number>();
      const server = http.createServer((req, res) => {
        const last = lastAnswer.get(req.socket);
        if (last !== undefined && Date.now() - last >= closesAfterMs) return req.socket.resetAndDestroy();
        req.resume();
        req.on('end', () => {
          res.writeHead(201, { 'Content-Type': 'application/json', ...(announceS ? { 'Keep-Alive': `timeout=${announceS}` } : {}) });
          res.end('{}', () => lastAnswer.set(req.socket, Date.now()));
        });
      });
      server.keepAliveTimeout = 0; // never closes on its own: only the reset above
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    }
    /** Two POSTs on the gateway's kept connection, the second once the upstream's limit has passed. */
    async function postTwiceAcross(closesAfterMs: number, options: { announceS?: number; upstreamIdleMs?: number }) {
      const up = await closingUpstream(closesAfterMs, options.announceS);
      const [port] = await freePortList(1);
      const gw = await startGateway({ port, host: '127.0.0.1', targets: { auth: up.url }, upstreamIdleMs: options.upstreamIdleMs });
      const post = async () =>
        (await fetch(`${gw.url.replace('localhost', '127.0.0.1')}/auth/signup/`, { method: 'POST', body: '{}' })).status;
      try {
        const first = await post();
        // The state under test: the connection has been idle for longer than the upstream keeps one.
        await new Promise((r) => setTimeout(r, closesAfterMs + 200));
        return [first, await post()];
      } finally {
        await gw.stop();
        await new Promise((r) => up.server.close(r));
      }
    }

    it('never sends a POST down a connection idle for longer than the gateway keeps one (no 502)', async () => {
      expect(await postTwiceAcross(800, { upstreamIdleMs: 400 })).toEqual([201, 201]);
    });

    it("believes an upstream's announced keep-alive, less a second (Node's own 5 s included)", async () => {
      expect(await postTwiceAcross(1500, { announceS: 2 })).toEqual([201, 201]);
    });
  });
});

describe('the gateway keeps no access log', () => {
  it('writes nothing for a request: no client address next to /api/rating/<id> or /auth, anywhere', async () => {
    const upstream = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const [port] = await freePortList(1);
    const up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const gw = await startGateway({ port, host: '127.0.0.1', targets: { rating: up, auth: up } });
    const written: string[] = [];
    const [out, err] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)];
    process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const base = gw.url.replace('localhost', '127.0.0.1');
      for (const path of ['/api/rating/1234567890123', '/api/relatable/1234567890123', '/auth/token/'])
        await (await fetch(`${base}${path}`)).text();
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
      await gw.stop();
      await new Promise((r) => upstream.close(r));
    }
    expect(written).toEqual([]);
  });
});
