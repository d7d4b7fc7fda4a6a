// The composer's entry (shell/dist-server/composer.js): checks its configuration, then serves.
import { composerConfigFromEnv, ComposerConfigError } from './config';
import { createComposerServer } from './server';
import { sourcesCache } from './sources';

const log = (entry: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), service: 'composer', ...entry })}\n`);

function start() {
  let config;
  try {
    config = composerConfigFromEnv();
  } catch (error) {
    if (!(error instanceof ComposerConfigError)) throw error;
    process.stderr.write(`composer: invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
  const server = createComposerServer(config, sourcesCache(config), log);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () =>
    log({ level: 'info', msg: 'listening', port: config.port, renderers: Object.keys(config.renderers) }),
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

start();
