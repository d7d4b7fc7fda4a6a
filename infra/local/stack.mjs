// The whole local stack in one call: database, Redis, mail catcher, auth, rating API and worker,
// the shell and the three remotes on their own static servers, and the edge in front: Debian's nginx
// with the configuration generated from infra/routes.json and infra/security-headers.json, as in
// production (lib/edge.mjs).
// Used by `npm start` (scripts/start.mjs) and by the end-to-end tests (e2e/), which start a stack of
// their own on free ports and stop or swap remotes while it runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT } from './lib/paths.mjs';
import { freePortList, waitForHttp } from './lib/ports.mjs';
import { startProcess } from './lib/proc.mjs';
import { startMongo } from './lib/mongo.mjs';
import { startRedis } from './lib/redis.mjs';
import { startMailCatcher } from './lib/mail.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { startEdge } from './lib/edge.mjs';
import { runtimeConfigFromEnv } from '../../tools/rspack/runtime-config.mjs';

export const REMOTES = ['community', 'review', 'account'];

/**
 * @typedef {ReturnType<typeof portsFromEnv>} Ports
 * @typedef {{ stop: () => Promise<unknown>, url: string }} Served
 * @typedef {object} StackHandle
 * @property {Ports} ports
 * @property {string} logDir
 * @property {string} remotesFile
 * @property {string} url            the public URL (the edge, on ports.gateway)
 * @property {{ app: string, mail: string, authDocs: string, apiDocs: string }} urls
 * @property {Record<string, ReturnType<typeof startProcess>>} services
 * @property {Record<string, Served>} statics
 * @property {{ uri: string, kind: string }} mongo
 * @property {{ url: string, kind: string }} redis
 * @property {{ smtpUrl: string, webUrl: string }} mail
 * @property {{ url: string, dir: string, logFile: string, setTarget: (name: string, url: string | undefined) => Promise<void>, reload: () => Promise<void> }} gateway  the edge (nginx)
 * @property {(name: string) => Promise<void>} stopRemote
 * @property {(name: string) => Promise<void>} startRemote
 * @property {(remotes: Record<string, string>) => Promise<void>} writeRemotes
 * @property {(name: string) => Promise<void>} [stopServerPart]
 * @property {(name: string) => Promise<void>} [startServerPart]
 * @property {(env: Record<string, string>) => Promise<void>} [restartComposer]
 * @property {() => Promise<void>} stop
 */

/** @type {(v: string | undefined, d: number) => number} */
const int = (v, d) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));

/** Default ports, each overridable by an environment variable (listed in the README). */
/** @param {Record<string, string | undefined>} [env] */
export function portsFromEnv(env = process.env) {
  return {
    gateway: int(env.GATEWAY_PORT, 8080),
    shell: int(env.SHELL_PORT, 4200),
    'mfe-community': int(env.MFE_COMMUNITY_PORT, 4201),
    'mfe-review': int(env.MFE_REVIEW_PORT, 4202),
    'mfe-account': int(env.MFE_ACCOUNT_PORT, 4203),
    // Server rendering (issue #39): the shell team's composer, each remote team's renderer.
    composer: int(env.COMPOSER_PORT, 4300),
    'renderer-community': int(env.MFE_COMMUNITY_RENDERER_PORT, 4211),
    'renderer-review': int(env.MFE_REVIEW_RENDERER_PORT, 4212),
    'renderer-account': int(env.MFE_ACCOUNT_RENDERER_PORT, 4213),
    auth: int(env.AUTH_PORT, 3001),
    rating: int(env.RATING_PORT, 3002),
    worker: int(env.RATING_WORKER_PORT, 3003),
    mongo: int(env.MONGODB_PORT, 27017),
    redis: int(env.REDIS_PORT, 6379),
    smtp: int(env.SMTP_PORT, 1025),
    mailWeb: int(env.MAIL_WEB_PORT, 1080),
  };
}

/** The remotes whose build holds a renderer (`<remote>/dist-server/renderer.js`). */
export const renderedRemotes = () => REMOTES.filter((r) => fs.existsSync(path.join(ROOT, `mfe-${r}`, 'dist-server/renderer.js')));

/**
 * Each remote's renderer, then the composer, which the gateway sends page navigations to (falling
 * back to the shell's index.html when it is down). The handle can stop and start them (tests).
 */
async function startServerRendering({ handle, ports, logDir, stoppers, node, ratingUrl, composerEnv }) {
  const remotes = renderedRemotes();
  const start = (name, script, env) => {
    const proc = startProcess({
      name,
      command: node,
      args: [path.join(ROOT, script)],
      cwd: ROOT,
      env: { HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', ...env },
      logFile: path.join(logDir, `${name}.log`),
    });
    handle.services[name] = proc;
    return waitForHttp(`http://127.0.0.1:${env.PORT}/readyz`, {
      what: name,
      timeoutMs: 30_000,
      isAlive: () => proc.alive,
      okStatus: 200,
    }).catch((err) => {
      throw new Error(`${err.message}\n--- last lines of ${path.join(logDir, `${name}.log`)} ---\n${proc.tail()}`, { cause: err });
    });
  };
  const renderer = (r) =>
    start(`renderer-${r}`, `mfe-${r}/dist-server/renderer.js`, { PORT: String(ports[`renderer-${r}`]), API_URL: ratingUrl });
  await Promise.all(remotes.map(renderer));
  const composer = (overrides = {}) =>
    start('composer', 'shell/dist-server/composer.js', {
      PORT: String(ports.composer),
      SHELL_URL: handle.statics.shell.url,
      ORIGIN_URL: `http://127.0.0.1:${ports.gateway}`,
      RENDERERS: remotes.map((r) => `${r}=http://127.0.0.1:${ports[`renderer-${r}`]}`).join(','),
      ...composerEnv,
      ...overrides,
    });
  await composer();
  await handle.gateway.setTarget('composer', `http://127.0.0.1:${ports.composer}`);
  const names = () => ['composer', ...remotes.map((r) => `renderer-${r}`)];
  stoppers.push(['server rendering', () => Promise.all(names().map((n) => handle.services[n]?.stop(5_000)))]);
  /** Stops a renderer (`renderer-community`) or the composer: the pages are then rendered in the browser. */
  handle.stopServerPart = async (name) => {
    await handle.services[name]?.stop(5_000);
    delete handle.services[name];
  };
  /** Starts a stopped renderer or composer again. */
  handle.startServerPart = (name) => (name === 'composer' ? composer() : renderer(name.replace(/^renderer-/, '')));
  /** Starts the composer again with some of its environment changed (`{}`: as configured). */
  handle.restartComposer = async (overrides) => {
    await handle.stopServerPart('composer');
    await composer(overrides);
  };
}

/**
 * Whether a start failed because a port was taken between its pick and its listen (Node: EADDRINUSE; nginx: "Address
 * already in use"): worth starting again on other ports.
 * @param {unknown} error
 */
export const portTaken = (error) => /EADDRINUSE|address already in use/i.test(String(/** @type {Error} */ (error)?.message ?? error));

/** @returns {Promise<Ports>} */
export async function freePorts() {
  const names = Object.keys(portsFromEnv({}));
  const ports = await freePortList(names.length);
  return /** @type {Ports} */ (Object.fromEntries(names.map((n, i) => [n, ports[i]])));
}

/**
 * Starts everything; resolves to a handle. Options:
 *  ports       – as portsFromEnv() (default) or freePorts()
 *  dataDir     – where the database, Redis and logs live (default .data/)
 *  remotesFile – the file served as /remotes.json (default infra/local/remotes.json)
 *  env         – extra environment for the services (e.g. REVIEW_VALIDATION_DELAY)
 *  useEnv      – honour MONGODB_URI / REDIS_URL from the environment (default true)
 *  testing     – a throwaway stack (tests): its database is a test cluster (documentdb.mjs)
 *  progress    – function(step, total, message) called as each part comes up
 *  serverRendering – start the renderers and the composer (default true; false: pages built in the browser only)
 *  composerEnv – extra environment for the composer (e.g. RENDER_TIMEOUT_MS)
 * @returns {Promise<StackHandle>}
 */
/**
 * The rating API's rate limits out of reach, for a stack whose every client is one machine's browser
 * driven by a test or a bench (all from 127.0.0.1): e2e/rate-limits.e2e.ts measures a page's reads.
 */
export const UNLIMITED_RATES = { RATE_LIMIT_ADDRESS: '1000000/1s', RATE_LIMIT_ACCOUNT: '1000000/1s' };

export async function startStack({
  ports = portsFromEnv(),
  dataDir = DATA_DIR,
  remotesFile = path.join(ROOT, 'infra/local/remotes.json'),
  env = {},
  useEnv = true,
  testing = false,
  seed = true,
  progress = () => {},
  publicHost = 'localhost',
  serverRendering = true,
  composerEnv = {},
} = {}) {
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const stoppers = [];
  const handle = /** @type {StackHandle} */ ({ ports, logDir, remotesFile, services: {}, statics: {} });
  const publicUrl = env.PUBLIC_URL ?? `http://${publicHost}:${ports.gateway}`;
  const total = 8;
  // Stops in reverse order of start; a part that does not stop within its grace is left behind
  // with a warning rather than hanging the shutdown.
  const stop = async () => {
    for (const [name, fn] of stoppers.reverse()) {
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve('late'), 15_000);
      });
      const outcome = await Promise.race([fn().catch(() => {}), late]);
      clearTimeout(timer);
      if (outcome === 'late') console.error(`! ${name} did not stop within 15 s`);
    }
    stoppers.length = 0;
  };
  handle.stop = stop;

  try {
    progress(1, total, 'database');
    const mongo = await startMongo({
      port: ports.mongo,
      dataDir: path.join(dataDir, 'db'),
      logFile: path.join(logDir, 'db.log'),
      useEnv,
      testing,
      log: (m) => progress(1, total, m),
    });
    stoppers.push(['database', mongo.stop]);
    handle.mongo = mongo;

    progress(2, total, 'Redis');
    const redis = await startRedis({
      port: ports.redis,
      dataDir: path.join(dataDir, 'redis'),
      logFile: path.join(logDir, 'redis.log'),
      useEnv,
      log: (m) => progress(2, total, m),
    });
    stoppers.push(['redis', redis.stop]);
    handle.redis = redis;

    progress(3, total, 'mail catcher');
    const mail = await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.mailWeb });
    stoppers.push(['mail catcher', mail.stop]);
    handle.mail = mail;

    const common = {
      // Everything of the local stack listens on loopback only (a test checks every port).
      HOST: '127.0.0.1',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      SMTP_URL: mail.smtpUrl,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // A development stack: short validation delays (REVIEW_VALIDATION_DELAY=30s npm start) are allowed here only.
      DEVELOPMENT_TIMINGS: 'true',
      ...env,
    };
    const node = process.execPath;
    const svc = (name, script, port, extra = {}) => ({ name, script, port, extra });
    const services = [
      // Behind the edge, per-IP throttling reads the client from X-Forwarded-For: the edge (nginx)
      // overwrites it with the peer address, and auth believes that one hop only.
      svc('auth', 'services/auth/dist/main.js', ports.auth, { TRUST_PROXY: '1' }),
      // The rating API verifies access tokens locally against the auth service's public keys.
      svc('rating', 'services/rating/dist/main.js', ports.rating, {
        TRUST_PROXY: '1', // rate limits per client address, as the edge forwards it
        AUTH_JWKS_URL: `http://127.0.0.1:${ports.auth}/auth/.well-known/jwks.json`,
      }),
      svc('worker', 'services/rating/dist/worker.js', ports.worker),
    ];

    // The rating database's migrations, once, before its API and worker start (they never migrate: the Job does in Kubernetes).
    progress(4, total, 'rating database migrations');
    execFileSync(node, [path.join(ROOT, 'services/rating/dist/migrate.js')], {
      cwd: ROOT,
      env: { ...process.env, ...common },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    if (seed) {
      progress(4, total, 'demo data');
      execFileSync(node, [path.join(ROOT, 'services/rating/dist/seed.js')], {
        cwd: ROOT,
        env: { ...process.env, ...common },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    }

    progress(5, total, 'services (auth, rating API, rating worker)');
    for (const s of services) {
      const proc = startProcess({
        name: s.name,
        command: node,
        args: [path.join(ROOT, s.script)],
        cwd: ROOT,
        env: { ...s.extra, ...common, PORT: String(s.port) },
        logFile: path.join(logDir, `${s.name}.log`),
      });
      handle.services[s.name] = proc;
    }
    stoppers.push(['services', () => Promise.all(Object.values(handle.services).map((p) => p.stop(10_000)))]);
    await Promise.all(
      services.map(async (s) => {
        const proc = handle.services[s.name];
        try {
          await waitForHttp(`http://127.0.0.1:${s.port}/readyz`, {
            what: s.name,
            timeoutMs: 60_000,
            isAlive: () => proc.alive,
            okStatus: 200,
          });
        } catch (err) {
          throw new Error(`${err.message}\n--- last lines of ${path.join(logDir, `${s.name}.log`)} ---\n${proc.tail()}`, { cause: err });
        }
      }),
    );

    progress(6, total, 'shell and micro-frontends');
    // /config.json: the shell's runtime configuration (LAUNCH_AT, MAINTENANCE_AT, SOCIAL_URL, ...), from the environment.
    const configFile = path.join(dataDir, 'config.json');
    fs.writeFileSync(configFile, `${JSON.stringify(runtimeConfigFromEnv({ ...process.env, ...env }), null, 2)}\n`);
    const shell = await serveStatic({
      port: ports.shell,
      dir: path.join(ROOT, 'shell/dist'),
      spa: true,
      name: 'shell',
      files: { '/remotes.json': remotesFile, '/config.json': configFile },
    });
    stoppers.push(['shell', shell.stop]);
    handle.statics.shell = shell;
    const serveRemote = (r) =>
      serveStatic({ port: ports[`mfe-${r}`], dir: path.join(ROOT, `mfe-${r}`, 'dist'), base: `/mfe/${r}/`, name: `mfe-${r}` });
    for (const r of REMOTES) handle.statics[`mfe-${r}`] = await serveRemote(r);
    stoppers.push(['micro-frontends', () => Promise.all(REMOTES.map((r) => handle.statics[`mfe-${r}`]?.stop()))]);

    /** Stops one remote's static server (the edge then answers 502 for it). */
    handle.stopRemote = async (name) => {
      await handle.statics[`mfe-${name}`]?.stop();
      delete handle.statics[`mfe-${name}`];
    };
    /** Serves a stopped remote again, on the same port. */
    handle.startRemote = async (name) => {
      handle.statics[`mfe-${name}`] ??= await serveRemote(name);
    };

    progress(7, total, 'edge (nginx)');
    const gateway = await startEdge({
      port: ports.gateway,
      host: '127.0.0.1',
      remotesFile, // the Content-Security-Policy allows the origins of its remotes
      dir: path.join(dataDir, 'edge'),
      logFile: path.join(logDir, 'edge.log'),
      targets: {
        auth: `http://127.0.0.1:${ports.auth}`,
        rating: `http://127.0.0.1:${ports.rating}`,
        shell: shell.url.replace('localhost', '127.0.0.1'),
        ...Object.fromEntries(REMOTES.map((r) => [`mfe-${r}`, handle.statics[`mfe-${r}`].url.replace('localhost', '127.0.0.1')])),
      },
    });
    stoppers.push(['edge', gateway.stop]);
    handle.gateway = gateway;
    handle.url = `http://${publicHost}:${ports.gateway}`;
    handle.urls = {
      app: handle.url,
      mail: mail.webUrl.replace('127.0.0.1', publicHost),
      authDocs: `${handle.url}/auth/docs`,
      apiDocs: `${handle.url}/api/docs`,
    };

    /** Replaces what /remotes.json serves; resolves once the edge's CSP allows the new remotes' origins. */
    handle.writeRemotes = async (remotes) => {
      fs.writeFileSync(remotesFile, `${JSON.stringify(remotes, null, 2)}\n`);
      await gateway.reload();
    };

    if (serverRendering) {
      progress(8, total, 'server rendering (renderers, composer)');
      await startServerRendering({ handle, ports, logDir, stoppers, node, ratingUrl: `http://127.0.0.1:${ports.rating}`, composerEnv });
    }
    return handle;
  } catch (err) {
    await stop();
    throw err;
  }
}
