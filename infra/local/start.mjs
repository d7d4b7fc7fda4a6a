// The body of `npm start` (run on Node 24 by scripts/start.mjs): builds what changed, starts the
// stack on the ports from the environment, prints the URLs, and stops everything on Ctrl-C.
import net from 'node:net';
import { buildAll } from './lib/build.mjs';
import { ensureNginx } from './lib/edge.mjs';
import { portsFromEnv, startStack } from './stack.mjs';
import { DATA_DIR } from './lib/paths.mjs';

const PORT_VARS = {
  gateway: 'GATEWAY_PORT',
  shell: 'SHELL_PORT',
  'mfe-community': 'MFE_COMMUNITY_PORT',
  'mfe-review': 'MFE_REVIEW_PORT',
  'mfe-account': 'MFE_ACCOUNT_PORT',
  auth: 'AUTH_PORT',
  rating: 'RATING_PORT',
  worker: 'RATING_WORKER_PORT',
  mongo: 'MONGODB_PORT',
  redis: 'REDIS_PORT',
  smtp: 'SMTP_PORT',
  mailWeb: 'MAIL_WEB_PORT',
};

function portBusy(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(true));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(false)));
  });
}

const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const say = (m) => console.log(`» ${m}`);

async function main() {
  const ports = portsFromEnv();
  for (const [name, port] of Object.entries(ports)) {
    if (name === 'mongo' && process.env.MONGODB_URI) continue;
    if (name === 'redis' && process.env.REDIS_URL) continue;
    if (Number.isNaN(port) || port <= 0 || port > 65535)
      throw new Error(`${PORT_VARS[name]} must be a port number, got "${process.env[PORT_VARS[name]]}".`);
    if (await portBusy(port))
      throw new Error(
        `port ${port} is already in use: stop what uses it (an earlier \`npm start\`?) or set ${PORT_VARS[name]} to another port.`,
      );
  }

  // The edge is Debian's nginx (installed here when run as root; otherwise the error says how).
  ensureNginx({ log: say });

  say('building the apps and services (Nx cache: only what changed is rebuilt)…');
  buildAll({ quiet: true });
  say(`built (${since()})`);

  const stack = await startStack({
    ports,
    progress: (step, total, message) => say(`[${step}/${total}] ${message} (${since()})`),
  });

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping everything…`);
    await stack.stop();
    say(`stopped. Data is kept in ${DATA_DIR} for next time.`);
    process.exit(0);
  };
  process.on('SIGINT', () => shutdown('Ctrl-C'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  for (const [name, proc] of Object.entries(stack.services)) {
    proc.exited.then((code) => {
      if (!stopping) console.error(`! ${name} exited (${code}); see ${stack.logDir}/${name}.log`);
    });
  }

  console.log(`
  Pupitre is running (${since()}):
    app            ${stack.urls.app}
    mail inbox     ${stack.urls.mail}
    API docs       ${stack.urls.apiDocs}  ·  ${stack.urls.authDocs}
    database       ${stack.mongo.kind}, Redis ${stack.redis.kind}, edge nginx (its configuration: ${stack.gateway.dir}/edge.conf)
    logs           ${stack.logDir}/
  Press Ctrl-C to stop.
`);
}

main().catch((err) => {
  console.error(`\n✗ npm start failed: ${err.message}`);
  process.exit(1);
});
