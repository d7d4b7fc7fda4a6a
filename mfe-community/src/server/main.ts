// The community renderer's entry (built by tools/rspack/renderer.mjs to dist-server/renderer.js):
//   PORT=4301 HOST=127.0.0.1 API_URL=http://127.0.0.1:3001 node mfe-community/dist-server/renderer.js
// Env: PORT, HOST, API_URL (required), READ_CACHE_MS (≤ 1000, default 1000), READ_TIMEOUT_MS (default 800).
import { ConfigError, parseRendererConfig } from './config';
import { apiReader, createReadCache } from './read-cache';
import { findRenderedRoute, prepareRenderer, renderRoute } from './render-route';
import { jsonLog, startRendererServer } from './renderer-server';
import { MFE_VERSION } from '../version';

async function main() {
  let config;
  try {
    config = parseRendererConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`community renderer: ${error.message}\n`);
    process.exit(1);
  }
  await prepareRenderer();
  const reads = createReadCache({ fetchRead: apiReader(config.apiUrl, config.readTimeoutMs), maxAgeMs: config.readCacheMs });
  const server = await startRendererServer({
    port: config.port,
    host: config.host,
    reads,
    spec: { remote: 'community', version: MFE_VERSION, findRoute: findRenderedRoute, render: renderRoute },
  });
  jsonLog('info', 'listening', { remote: 'community', port: config.port, host: config.host });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  jsonLog('error', 'start-up failed', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
