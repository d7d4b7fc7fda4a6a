// The local gateway: one public origin that routes like the Kubernetes Ingress (infra/routes.json).
// Paths are passed through unchanged; an unreachable upstream answers 502 with an error key.
// Every answer carries the security headers of infra/security-headers.json (they replace an
// upstream's own), the services' answers are never stored (security-headers.mjs).
import http from 'node:http';
import { loadRoutes, matchRoute } from './routes.mjs';
import { headersByTarget, loadSecurityPolicy } from './security-headers.mjs';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];
// Client-address headers a client could forge: the gateway is the first proxy, so it sets
// X-Forwarded-For to the peer it sees and drops the others (the services trust one hop).
const CLIENT_ADDRESS_HEADERS = ['forwarded', 'x-real-ip', 'x-client-ip', 'true-client-ip'];
/**
 * How long the gateway keeps an idle connection to an upstream: well under the services' own
 * keep-alive (65 s, libs/server-kit keep-alive.ts), so the upstream never closes a connection the
 * gateway may still pick. An upstream that announces a shorter one (`Keep-Alive: timeout=5`, Node's
 * default) is believed, less a second: Node's agent applies the hint only when it has a timeout of
 * its own, and without one kept sockets for ever, until a POST went down one the upstream had just
 * closed (502 ECONNRESET on a sign-up).
 */
export const UPSTREAM_IDLE_MS = 30_000;
const pooled = (idleMs) => new http.Agent({ keepAlive: true, maxSockets: 256, timeout: idleMs });
// A retry's connection: new, never one of the pool (when a page's six requests find six sockets
// the upstream closed at the same moment, a retry through the pool takes another closed one).
const freshConnection = new http.Agent({ keepAlive: false });

function badGateway(res, target, err) {
  if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: 'bad-gateway', detail: `${target} is unavailable (${err.code ?? err.message})` }));
}

/**
 * Forwards one request to `target` (an http://host:port URL) unchanged, with X-Forwarded-* headers
 * of its own (X-Forwarded-For = the peer address, replacing any the client sent).
 * A GET or HEAD whose kept-alive connection the upstream had just closed (ECONNRESET or EPIPE on a
 * reused socket: the upstream's idle timeout racing the reuse) is sent once more on a new
 * connection (never another pooled one), as Node's http docs advise, instead of answering 502.
 */
function forward(req, res, target, name, agent, retried = false, fallback = null) {
  const url = new URL(target);
  const headers = { ...req.headers };
  for (const h of [...HOP_BY_HOP, ...CLIENT_ADDRESS_HEADERS]) delete headers[h];
  // Overwritten, never appended to: whatever a client sends, the services see its real address.
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  const idempotent = req.method === 'GET' || req.method === 'HEAD';
  // A GET or HEAD is forwarded without its body (below), so without its length too: the upstream
  // would wait for a body that never comes, and the client get a 502 a minute later.
  if (idempotent) delete headers['content-length'];
  const upstream = http.request(
    {
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.url,
      headers,
      agent: retried ? freshConnection : agent,
      timeout: fallback ? COMPOSER_TIMEOUT_MS : 60_000, // an answer's own time limit (the agent's is the idle one)
    },
    (up) => {
      if (fallback && (up.statusCode ?? 502) >= 500) {
        up.resume();
        return fallback();
      }
      const out = { ...up.headers };
      for (const h of HOP_BY_HOP) delete out[h];
      for (const h of Object.keys(out)) if (res.hasHeader(h)) delete out[h]; // the gateway's security headers win
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  upstream.on('error', (err) => {
    if (fallback && !res.headersSent) return fallback();
    if (idempotent && !retried && upstream.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !res.headersSent)
      return forward(req, res, target, name, agent, true);
    badGateway(res, name, err);
  });
  if (idempotent)
    upstream.end(); // no body to stream (and a retry could not replay one)
  else req.pipe(upstream);
}

/** How long the composer may take before a page navigation is served the shell's index.html (as nginx's proxy_read_timeout). */
export const COMPOSER_TIMEOUT_MS = 2000;

/** A page navigation: GET or HEAD of a path whose last segment names no file (no dot). */
export const isPageNavigation = (method, pathname) => (method === 'GET' || method === 'HEAD') && !/\.[^/]*$/.test(pathname);

/**
 * targets: { auth: 'http://127.0.0.1:3001', shell: '…', … }; a target may be changed later with setTarget.
 * remotesFile: the file served as /remotes.json, whose remotes' origins the Content-Security-Policy allows.
 * upstreamIdleMs: how long an idle upstream connection is kept (UPSTREAM_IDLE_MS; tests shorten it).
 * @param {{ port: number, host?: string, targets: Record<string, string>, routes?: ReturnType<typeof loadRoutes>, remotesFile?: string, policy?: ReturnType<typeof loadSecurityPolicy>, upstreamIdleMs?: number }} options
 */
export async function startGateway({
  port,
  host = '127.0.0.1',
  targets,
  routes = loadRoutes(),
  remotesFile,
  policy = loadSecurityPolicy(),
  upstreamIdleMs = UPSTREAM_IDLE_MS,
}) {
  const current = { ...targets };
  const agent = pooled(upstreamIdleMs);
  const securityHeaders = headersByTarget({ policy, remotesFile });
  const server = http.createServer((req, res) => {
    let pathname = null;
    try {
      pathname = new URL(req.url, 'http://x').pathname;
    } catch {
      // answered 400 below, with the security headers too
    }
    const route = pathname === null ? null : matchRoute(routes, pathname);
    for (const [name, value] of Object.entries(securityHeaders(route?.target))) res.setHeader(name, value);
    if (pathname === null) {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: 'bad-request' }));
    }
    if (pathname === '/gateway/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('ok');
    }
    const target = route && current[route.target];
    if (!target) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: 'not-found' }));
    }
    // Page navigations of the shell go to the composer (server-rendered pages, issue #39) when
    // there is one; when it is down, failing or slow, to the shell (its index.html), as before.
    if (route.target === 'shell' && current.composer && isPageNavigation(req.method, pathname))
      return forward(req, res, current.composer, 'composer', agent, false, () => forward(req, res, target, route.target, agent));
    forward(req, res, target, route.target, agent);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://localhost:${server.address().port}`,
    setTarget: (name, url) => {
      current[name] = url;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
        agent.destroy();
      }),
  };
}
