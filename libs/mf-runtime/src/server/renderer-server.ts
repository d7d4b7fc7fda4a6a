// A remote's renderer as an HTTP service (issue #39), framework-free and shared by every remote's
// renderer (docs/renderers.md):
//   GET /healthz, GET /readyz
//   GET /render?path=<pathname>&lang=fr|es|en →
//     200 { v: 1, remote, version, route, html, reads: { <read path>: body }, now }
//     400 { error: "bad-request" }   missing or invalid path or lang
//     404 { error: "not-rendered" }  a path it does not render, or a read answering 404
//     503 { error: "read-failed" }   the rating API failed or was too slow
//     500 { error: "render-failed" } the render threw (logged)
// The composer calls it; nothing here is personal (reads are anonymous, logs carry no query).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RouteDeclaration } from '@pupitre/contracts';
import { isLanguage, type Language } from '@pupitre/i18n';
import { routeReads } from '../match-pattern';
import type { ReadCache } from './read-cache';

export const RENDER_PROTOCOL_VERSION = 1;
const PATHNAME = /^\/[A-Za-z0-9._~%/-]{0,199}$/;

export interface RendererSpec {
  remote: string;
  /** The build version of the remote's code it renders with: the composer splices only when the page's browser code is the same build. */
  version?: string;
  findRoute(pathname: string): { route: RouteDeclaration; params: Record<string, string> } | null;
  render(input: { path: string; lang: Language; reads: Record<string, unknown>; now: number }): { route: string; html: string } | null;
}

export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

/** JSON lines on stdout (info) and stderr (warn, error). */
export const jsonLog: Log = (level, message, fields = {}) => {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
};

/** The route's declared reads with its parameters in place; null when a value looks wrong (never sent). */
export function readPaths(route: RouteDeclaration, params: Record<string, string>): string[] | null {
  const reads = routeReads(route, params);
  return reads.length === (route.reads ?? []).length ? reads.map((read) => read.path) : null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

export interface HandlerOptions {
  spec: RendererSpec;
  reads: ReadCache;
  log?: Log;
  clock?: () => number;
  /** Whether the renderer is ready (its screens and catalogues loaded). */
  ready?: () => boolean;
}

/** The request handler (tests call it through `startRendererServer` on a free port). */
export function rendererHandler({ spec, reads, log = jsonLog, clock = Date.now, ready = () => true }: HandlerOptions) {
  const render = async (url: URL): Promise<[number, unknown]> => {
    const path = url.searchParams.get('path');
    const lang = url.searchParams.get('lang');
    if (!path || !PATHNAME.test(path) || path.includes('//') || !isLanguage(lang)) return [400, { error: 'bad-request' }];
    const found = spec.findRoute(path);
    const paths = found ? readPaths(found.route, found.params) : null;
    if (!found || !paths) return [404, { error: 'not-rendered' }];
    const outcomes = await Promise.all(paths.map((p) => reads.get(p)));
    const failed = outcomes.find((o) => o.kind === 'failed');
    if (failed) {
      log('warn', 'read failed', { route: found.route.path, reason: failed.reason });
      return [503, { error: 'read-failed' }];
    }
    if (outcomes.some((o) => o.kind === 'not-found')) return [404, { error: 'not-rendered' }];
    const data = Object.fromEntries(paths.map((p, i) => [p, (outcomes[i] as { body: unknown }).body]));
    const now = clock();
    let rendered: { route: string; html: string } | null;
    try {
      rendered = spec.render({ path, lang, reads: data, now });
    } catch (error) {
      log('error', 'render failed', { route: found.route.path, error: error instanceof Error ? error.message : String(error) });
      return [500, { error: 'render-failed' }];
    }
    if (!rendered) return [404, { error: 'not-rendered' }];
    return [
      200,
      {
        v: RENDER_PROTOCOL_VERSION,
        remote: spec.remote,
        version: spec.version,
        route: rendered.route,
        html: rendered.html,
        reads: data,
        now,
      },
    ];
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = clock();
    const url = new URL(req.url ?? '/', 'http://renderer');
    const done = (status: number, body: unknown, route?: string) => {
      send(res, status, body);
      if (url.pathname === '/render') log('info', 'render', { status, route, ms: clock() - started });
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return done(405, { error: 'method-not-allowed' });
    if (url.pathname === '/healthz') return done(200, { status: 'ok' });
    if (url.pathname === '/readyz') return ready() ? done(200, { status: 'ready' }) : done(503, { status: 'starting' });
    if (url.pathname !== '/render') return done(404, { error: 'not-found' });
    render(url).then(
      ([status, body]) => done(status, body, (body as { route?: string }).route),
      (error: unknown) => {
        log('error', 'render failed', { error: error instanceof Error ? error.message : String(error) });
        done(500, { error: 'render-failed' });
      },
    );
  };
}

/** Starts the renderer's HTTP server; resolves once it listens. */
export function startRendererServer(options: HandlerOptions & { port: number; host: string }): Promise<Server> {
  const server = createServer(rendererHandler(options));
  server.keepAliveTimeout = 65_000; // longer than the composer's pooled connections idle
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
