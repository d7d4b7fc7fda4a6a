// A remote's renderer process (issue #39): a remote's `src/server/main.ts` calls
// `runRenderer(createRouteRenderer(...))`, built by tools/rspack/renderer.mjs to dist-server/renderer.js:
//   PORT=4301 HOST=127.0.0.1 API_URL=http://127.0.0.1:3001 node <remote>/dist-server/renderer.js
// Env: PORT, HOST, API_URL (required), READ_CACHE_MS (≤ 1000, default 1000), READ_TIMEOUT_MS (default 800).
import { ConfigError, parseRendererConfig } from './config';
import { apiReader, createReadCache } from './read-cache';
import { type RouteRenderer } from './render-route';
import { jsonLog, startRendererServer } from './renderer-server';

async function start(renderer: RouteRenderer) {
  let config;
  try {
    config = parseRendererConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${renderer.remote} renderer: ${error.message}\n`);
    process.exit(1);
  }
  await renderer.prepare();
  const reads = createReadCache({ fetchRead: apiReader(config.apiUrl, config.readTimeoutMs), maxAgeMs: config.readCacheMs });
  const server = await startRendererServer({
    port: config.port,
    host: config.host,
    reads,
    // The remote's build version (its bundle's DefinePlugin, as its browser build's): the composer
    // splices only into a page whose browser code is that build.
    spec: { remote: renderer.remote, version: process.env.MFE_VERSION, findRoute: renderer.findRoute, render: renderer.render },
  });
  jsonLog('info', 'listening', { remote: renderer.remote, port: config.port, host: config.host });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Starts `renderer` as configured by the environment; a wrong variable or a failed start exits 1. */
export function runRenderer(renderer: RouteRenderer): void {
  start(renderer).catch((error: unknown) => {
    jsonLog('error', 'start-up failed', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}
