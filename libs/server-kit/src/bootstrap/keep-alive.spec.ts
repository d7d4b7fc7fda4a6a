import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPSTREAM_IDLE_MS } from '../../../../infra/local/lib/edge-config.mjs';
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsLongerThanProxies } from './keep-alive';

/** ingress-nginx's `upstream-keepalive-timeout` (its default; infra/k8s sets no other). */
const INGRESS_UPSTREAM_KEEPALIVE_MS = 60_000;

describe('keep-alive of the services', () => {
  it('outlives the idle connections of every proxy in front (the local edge, the Ingress)', () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(UPSTREAM_IDLE_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(INGRESS_UPSTREAM_KEEPALIVE_MS);
  });

  it('is what a service announces (Keep-Alive: timeout=65), with headers allowed a second more', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    keepConnectionsLongerThanProxies(server);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await res.text();
      expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
