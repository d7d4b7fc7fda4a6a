// The local gateway: one public origin that routes like the Kubernetes Ingress (infra/routes.json).
// Paths are passed through unchanged; an unreachable upstream answers 502 with an error key.
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadRoutes, matchRoute } from './routes.mjs';

const require = createRequire(import.meta.url);

/** targets: { auth: 'http://127.0.0.1:3001', shell: '…', … }; a target may be changed later with setTarget. */
export async function startGateway({ port, host = '0.0.0.0', targets, routes = loadRoutes() }) {
  const httpProxy = require('http-proxy');
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 60_000 });
  const current = { ...targets };
  proxy.on('error', (err, req, res) => {
    const target = req.pupitreTarget ?? 'upstream';
    if (!res.headersSent && typeof res.writeHead === 'function') {
      res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    }
    res.end(JSON.stringify({ error: 'bad-gateway', detail: `${target} is unavailable (${err.code ?? err.message})` }));
  });
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = new URL(req.url, 'http://x').pathname;
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: 'bad-request' }));
    }
    if (pathname === '/gateway/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('ok');
    }
    const route = matchRoute(routes, pathname);
    const target = route && current[route.target];
    if (!target) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: 'not-found' }));
    }
    req.pupitreTarget = route.target;
    proxy.web(req, res, { target });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://localhost:${server.address().port}`,
    setTarget: (name, url) => { current[name] = url; },
    stop: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections?.(); proxy.close(); }),
  };
}
