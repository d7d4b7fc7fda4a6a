// The composer's HTTP server: page navigations in (the edge sends it GET and HEAD of page paths),
// HTML out; /healthz and /readyz for the probes. Pages are public: nothing of a session is read
// (no cookie but the language one), so they may be cached briefly by a shared cache.
import http from 'node:http';
import { requestLanguage } from '@pupitre/i18n';
import { composePage } from './compose';
import { type ComposerConfig } from './config';
import { type Sources } from './sources';

const MAX_PATH = 512;

export interface ComposerLog {
  (entry: Record<string, unknown>): void;
}

export function createComposerServer(config: ComposerConfig, sources: () => Promise<Sources>, log: ComposerLog) {
  return http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      log({ level: 'error', msg: 'compose-failed', error: (error as Error).message });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'compose-failed' }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://composer');
    } catch {
      return json(400, { error: 'bad-request' });
    }
    if (url.pathname === '/healthz') return json(200, { status: 'ok' });
    if (url.pathname === '/readyz') {
      try {
        await sources();
        return json(200, { status: 'ready' });
      } catch {
        return json(503, { status: 'unavailable', error: 'sources-unavailable' });
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return json(405, { error: 'method-not-allowed' });
    }
    if (url.pathname.length > MAX_PATH) return json(414, { error: 'uri-too-long' });
    const started = performance.now();
    const page = await composePage(
      config,
      await sources(),
      `${url.pathname}${url.search}`,
      requestLanguage(req.headers.cookie, req.headers['accept-language']),
    );
    log({
      level: 'info',
      msg: page.kind === 'composed' ? 'composed' : 'plain',
      route: page.kind === 'composed' ? page.remote : undefined,
      reason: page.kind === 'plain' ? page.reason : undefined,
      ms: Math.round(performance.now() - started),
    });
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // Public: the same HTML for every visitor of a language; revalidated at each navigation, a
      // shared cache may serve it a second while it asks again.
      'cache-control': 'public, max-age=0, s-maxage=1, stale-while-revalidate=5',
      vary: 'Cookie, Accept-Language',
      'x-pupitre-composed': page.kind === 'composed' ? 'rendered' : 'plain',
      'content-length': Buffer.byteLength(page.html),
    });
    res.end(req.method === 'HEAD' ? undefined : page.html);
  }
}
