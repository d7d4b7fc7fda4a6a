// `npm run images:check`: starts every image built by `npm run images` as its Kubernetes manifest
// runs it (manifests.mjs, containers.mjs) against a real database, Redis and mail catcher, and
// checks each one: its probes answer, it runs as the non-root user its Dockerfile declares (and its
// manifest asks), the static images serve their files with the security headers, each remote's
// renderer renders one of its pages (from the rating API container's data), SIGTERM stops it within the manifest's grace. In
// between, a whole journey runs in Chromium through the edge (nginx) in front of the containers
// (journey.mjs), page navigations composed by the composer container: sign-up through the mail
// catcher, a review published and made public by the worker container once its (shortened)
// validation delay has passed, seen on a server-rendered /communaute.
// Ends with 'N passed, N failed'; containers' logs of a failure are printed.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DATA_DIR, ROOT } from '../local/lib/paths.mjs';
import { freePortList, waitForHttp } from '../local/lib/ports.mjs';
import { startMongo } from '../local/lib/mongo.mjs';
import { startRedis } from '../local/lib/redis.mjs';
import { startMailCatcher } from '../local/lib/mail.mjs';
import { startEdge } from '../local/lib/edge.mjs';
import { CLUSTER_COMPOSER } from '../local/lib/edge-config.mjs';
import { loadSecurityPolicy, pageHeaders } from '../local/lib/security-headers.mjs';
import { makeWorkspace, renderDir } from '../k8s/test/render.mjs';
import { IMAGES, RENDERER_IMAGES } from './targets.mjs';
import { readReport } from './report.mjs';
import { deploymentSpec } from './manifests.mjs';
import { dockerfileUser } from './dockerfile.mjs';
import { HOST_LOOPBACK, runToCompletion, startContainer, ulimits } from './containers.mjs';
import { ensureContainerTools, imageExists, podman } from './tools.mjs';
import { runJourney } from './journey.mjs';

/** The validation delay of the check's reviews (10 minutes in the manifests). */
const VALIDATION_DELAY = '3s';
/** The page each remote's renderer is asked for, and the reads its answer carries (the demo data's). */
const RENDERED = {
  community: { route: '/ranking', reads: ['/api/teachers/ranking'] },
  review: { route: '/publication', reads: ['/api/subjects'] },
  account: { route: '/auth', reads: [] },
};
const results = [];
let stopping = false; // interrupted: the checks still running say nothing more
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

async function check(what, fn) {
  if (stopping) return false;
  const started = Date.now();
  try {
    const detail = await fn();
    results.push({ what, ok: true });
    console.log(`  ✓ ${what}${detail ? ` (${detail})` : ''} [${((Date.now() - started) / 1000).toFixed(1)} s]`);
    return true;
  } catch (err) {
    if (stopping) return false;
    results.push({ what, ok: false, error: err.message });
    console.log(`  ✗ ${what}: ${err.message}`);
    return false;
  }
}

/** A private ES256 JWK (the auth Secret's JWT_PRIVATE_KEYS, made for this check). */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify([{ ...privateKey.export({ format: 'jwk' }), kid: `images-check-${randomUUID().slice(0, 8)}` }]);
}

async function get(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function expectOk(url) {
  const r = await get(url);
  if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${r.text.slice(0, 200)}`);
  return r;
}

function expectHeaders(r, expected, what) {
  const wrong = Object.entries(expected).filter(([k, v]) => r.headers.get(k) !== v);
  if (wrong.length)
    throw new Error(
      `${what}: ${wrong.map(([k, v]) => `${k} is ${JSON.stringify(r.headers.get(k))}, expected ${JSON.stringify(v)}`).join('; ')}`,
    );
}

/**
 * The composer's port: the shell's mounted shell-pages.conf proxies to composer:8080, which its
 * container reaches as the host's 127.0.0.1:8080 (containers.mjs HOST_LOOPBACK).
 */
const COMPOSER_PORT = Number(new URL(CLUSTER_COMPOSER).port);

/** Rejects when something already listens on 127.0.0.1:`port`. */
function ensureFree(port, why) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new Error(`127.0.0.1:${port} is in use; ${why}`)));
    server.listen(port, '127.0.0.1', () => server.close(resolve));
  });
}

/** Removes the containers of an earlier images:check that was killed before it could (its process is gone). */
function removeLeftovers() {
  const names = podman(['ps', '-a', '--filter', 'name=^pupitre-check-', '--format', '{{.Names}}']).split('\n').filter(Boolean);
  for (const name of names) {
    const pid = Number(/^pupitre-check-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !fs.existsSync(`/proc/${pid}`)) {
      console.log(`  removing ${name}, left by an interrupted check`);
      podman(['rm', '-f', '-t', '0', name]);
    }
  }
}

async function main() {
  ensureContainerTools({ tools: ['podman', 'runc', 'slirp4netns'] });
  const report = readReport();
  const byName = Object.fromEntries(report.images.map((i) => [i.name, i]));
  const missing = IMAGES.filter((i) => !byName[i.name] || !imageExists(byName[i.name].ref));
  if (missing.length) throw new Error(`not built: ${missing.map((i) => i.name).join(', ')}; run \`npm run images\` first`);
  console.log(`» images:check of tag ${report.tag} (${report.bases.mode} bases)`);

  console.log('» the manifests: rendering infra/k8s/overlays/dev');
  const ws = makeWorkspace();
  let objects;
  try {
    objects = renderDir(ws, 'overlays/dev');
  } finally {
    ws.cleanup();
  }
  const specs = Object.fromEntries(IMAGES.map((i) => [i.name, deploymentSpec(objects, i.deployment)]));
  const seedJob = objects.find((o) => o.kind === 'Job' && o.metadata.name === 'rating-seed');

  const workDir = path.join(DATA_DIR, 'images-check');
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const statics = IMAGES.filter((i) => i.kind === 'static');
  const [mongoPort, redisPort, smtpPort, mailWebPort, gatewayPort, authPort, ratingPort, workerPort, ...more] = await freePortList(
    8 + RENDERER_IMAGES.length + statics.length,
  );
  const rendererPorts = more.slice(0, RENDERER_IMAGES.length);
  const staticPorts = more.slice(RENDERER_IMAGES.length);
  const composerPort = COMPOSER_PORT;
  await ensureFree(composerPort, 'the composer container listens there, where the shell container proxies page navigations');
  const port = {
    auth: authPort,
    'rating-api': ratingPort,
    'rating-worker': workerPort,
    composer: composerPort,
  };
  RENDERER_IMAGES.forEach((i, n) => (port[i.name] = rendererPorts[n]));
  statics.forEach((i, n) => (port[i.name] = staticPorts[n]));
  const publicUrl = `http://localhost:${gatewayPort}`;
  const limits = ulimits();
  const prefix = `pupitre-check-${process.pid}`;
  const handles = {};
  const stoppers = [];
  let failed = false;
  removeLeftovers();
  // Ctrl-C or a SIGTERM: the containers, database, Redis and mail catcher are stopped before leaving.
  const interrupted = async (signal) => {
    stopping = true;
    console.error(`\n${signal}: stopping the containers and the stores…`);
    for (const stop of stoppers.reverse()) await Promise.resolve(stop()).catch(() => {});
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    console.log(`» database, Redis and mail catcher [${elapsed()}]`);
    const mongo = await startMongo({
      port: mongoPort,
      dataDir: path.join(workDir, 'db'),
      logFile: path.join(workDir, 'db.log'),
      useEnv: false,
      testing: true,
      log: (m) => console.log(`  ${m}`),
    });
    stoppers.push(mongo.stop);
    const redis = await startRedis({
      port: redisPort,
      dataDir: path.join(workDir, 'redis'),
      logFile: path.join(workDir, 'redis.log'),
      persist: false,
      useEnv: false,
    });
    stoppers.push(redis.stop);
    const mail = await startMailCatcher({ smtpPort, webPort: mailWebPort });
    stoppers.push(mail.stop);

    // What differs from a cluster, and only that: the stores' and the other services' addresses
    // (127.0.0.1 here, cluster DNS names in the manifests), the port of each service (they share
    // the host's network), the signing key (the dev example's is empty), the public URL and a short
    // validation delay; and the stores here are plain (the cluster's speak TLS: no CA file, and
    // NODE_ENV staging, as production refuses plain stores).
    const plainStores = { REDIS_TLS_CA_FILE: '' };
    const overrides = {
      auth: {
        HOST: '127.0.0.1',
        PORT: String(authPort),
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        ...plainStores,
        NODE_ENV: 'staging',
        SMTP_URL: mail.smtpUrl,
        JWT_PRIVATE_KEYS: signingKeys(),
        PUBLIC_URL: publicUrl,
      },
      'rating-api': {
        HOST: '127.0.0.1',
        PORT: String(ratingPort),
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        ...plainStores,
        AUTH_JWKS_URL: `http://127.0.0.1:${authPort}/auth/.well-known/jwks.json`,
        REVIEW_VALIDATION_DELAY: VALIDATION_DELAY,
        // The 3 s delay above and a release each second: allowed for a check, refused in production,
        // so this is the production image run as a staging deployment would (NODE_ENV aside, the manifest's env).
        NODE_ENV: 'staging',
        DEVELOPMENT_TIMINGS: 'true',
        RELEASE_TIMES: 'every 1s',
      },
      'rating-worker': {
        HOST: '127.0.0.1',
        PORT: String(workerPort),
        MONGODB_URI: mongo.uri,
        REDIS_URL: redis.url,
        ...plainStores,
        NODE_ENV: 'staging',
        DEVELOPMENT_TIMINGS: 'true',
        RELEASE_TIMES: 'every 1s',
      },
      // The shell's nginx container, the manifests through the gateway (the Ingress' stand-in, as
      // the public origin is in a cluster) and the renderer containers.
      composer: {
        HOST: '127.0.0.1',
        PORT: String(composerPort),
        SHELL_URL: `http://127.0.0.1:${port.shell}`,
        ORIGIN_URL: publicUrl,
        RENDERERS: RENDERER_IMAGES.map((i) => `${i.remote}=http://127.0.0.1:${port[i.name]}`).join(','),
      },
      ...Object.fromEntries(
        RENDERER_IMAGES.map((i) => [i.name, { HOST: '127.0.0.1', PORT: String(port[i.name]), API_URL: `http://127.0.0.1:${ratingPort}` }]),
      ),
    };
    for (const [name, o] of Object.entries(overrides)) {
      const unknown = Object.keys(o).filter(
        (k) =>
          !(k in specs[name].env) &&
          ![
            'HOST',
            'PORT',
            'JWT_PRIVATE_KEYS',
            'PUBLIC_URL',
            'REVIEW_VALIDATION_DELAY',
            'NODE_ENV',
            'DEVELOPMENT_TIMINGS',
            'RELEASE_TIMES',
            'AUTH_JWKS_URL',
            'SMTP_URL',
          ].includes(k),
      );
      if (unknown.length) throw new Error(`${name}: the manifest has no ${unknown.join(', ')}`);
      console.log(`  ${name}: ${Object.keys(specs[name].env).length} variables from the manifest; set here: ${Object.keys(o).join(', ')}`);
    }
    const envOf = (name) => ({ ...specs[name].env, ...(overrides[name] ?? {}) });

    console.log(
      `» demo data: the dev overlay's seed Job (rating-api image, ${seedJob.spec.template.spec.containers[0].args.join(' ')}) [${elapsed()}]`,
    );
    await check('rating-seed Job: loads the demo data and exits 0', async () => {
      const seedSpec = { ...specs['rating-api'], name: 'rating-seed', mounts: specs['rating-api'].mounts };
      const r = runToCompletion({
        spec: seedSpec,
        ref: byName['rating-api'].ref,
        name: `${prefix}-seed`,
        env: envOf('rating-api'),
        limits,
        command: seedJob.spec.template.spec.containers[0].args,
        workDir,
      });
      if (r.code !== 0) throw new Error(r.logs.split('\n').slice(-10).join('\n'));
    });

    console.log(`» starting the containers [${elapsed()}]`);
    // The shell's ConfigMaps: the remotes folder, and its shell-pages.conf (subPath) whose
    // navigations go to composer:8080, the composer container on the host's loopback.
    const shellConfig = {};
    let remotesDir;
    for (const [n, m] of specs.shell.mounts.filter((m) => m.kind === 'configMap').entries()) {
      const dir = path.join(workDir, `shell-config-${n}`);
      fs.mkdirSync(dir);
      for (const [file, text] of Object.entries(m.files)) fs.writeFileSync(path.join(dir, file), text, { mode: 0o644 });
      fs.chmodSync(dir, 0o755);
      shellConfig[m.path] = m.subPath ? path.join(dir, m.subPath) : dir;
      if (!m.subPath) remotesDir = dir;
    }
    for (const image of IMAGES) {
      const spec = specs[image.name];
      handles[image.name] = startContainer({
        spec,
        ref: byName[image.name].ref,
        name: `${prefix}-${image.name}`,
        network:
          image.kind !== 'static'
            ? 'host'
            : image.name === 'shell'
              ? { publish: port[image.name], hosts: { [new URL(CLUSTER_COMPOSER).hostname]: HOST_LOOPBACK } }
              : { publish: port[image.name] },
        env: image.kind === 'static' ? spec.env : envOf(image.name),
        configDirs: image.name === 'shell' ? shellConfig : {},
        limits,
        workDir,
      });
      stoppers.push(() => handles[image.name].remove());
    }

    const policy = loadSecurityPolicy();
    const staticHeaders = pageHeaders(policy, {});
    for (const image of IMAGES) {
      const spec = specs[image.name];
      const base = `http://127.0.0.1:${port[image.name]}`;
      const h = handles[image.name];
      console.log(`» ${image.name} (${byName[image.name].ref}) [${elapsed()}]`);
      const up = await check(`${image.name}: startup probe ${spec.probes.startup ?? spec.probes.liveness} answers`, async () => {
        try {
          await waitForHttp(`${base}${spec.probes.startup ?? spec.probes.liveness}`, {
            timeoutMs: 60_000,
            okStatus: 200,
            isAlive: () => h.running(),
          });
        } catch (err) {
          throw new Error(`${err.message}\n--- its last lines ---\n${h.logs()}`, { cause: err });
        }
      });
      if (!up) continue;
      await check(`${image.name}: readiness ${spec.probes.readiness} and liveness ${spec.probes.liveness} answer 200`, async () => {
        await waitForHttp(`${base}${spec.probes.readiness}`, { timeoutMs: 30_000, okStatus: 200 });
        await expectOk(`${base}${spec.probes.liveness}`);
      });
      await check(`${image.name}: runs as its Dockerfile's non-root user, the manifest's runAsUser`, () => {
        const declared = dockerfileUser(path.join(ROOT, image.dockerfile), image.target);
        const { uid, gid } = h.ids();
        if (uid === 0) throw new Error('runs as root');
        if (`${uid}:${gid}` !== declared && String(uid) !== declared)
          throw new Error(`runs as ${uid}:${gid}, the Dockerfile says USER ${declared}`);
        if (uid !== spec.user) throw new Error(`runs as ${uid}, the manifest's runAsUser is ${spec.user}`);
        return `uid ${uid}, gid ${gid}`;
      });
      if (image.kind === 'static') {
        const files =
          image.name === 'shell' ? ['/index.html', '/', '/remotes.json'] : [`/mfe/${image.name.replace(/^mfe-/, '')}/mf-manifest.json`];
        await check(`${image.name}: serves ${files.join(', ')} with the headers of infra/security-headers.json`, async () => {
          for (const file of files) expectHeaders(await expectOk(`${base}${file}`), staticHeaders, file);
        });
      }
      if (image.remote) {
        const { route, reads } = RENDERED[image.remote];
        await check(
          `${image.name}: renders ${route}${reads.length ? ` from the rating API container's ${reads.join(', ')}` : ' (no read)'}`,
          async () => {
            const r = await expectOk(`${base}/render?path=${encodeURIComponent(route)}&lang=en`);
            const body = JSON.parse(r.text);
            if (
              body.remote !== image.remote ||
              body.route !== route ||
              String(body.html ?? '').length < 1000 ||
              typeof body.reads !== 'object' ||
              reads.some((read) => !(read in body.reads))
            )
              throw new Error(`unexpected answer: ${r.text.slice(0, 200)}`);
            return `${(r.text.length / 1024).toFixed(0)} kB`;
          },
        );
      }
    }

    console.log(`» the journey in Chromium through the edge (nginx) in front of the containers [${elapsed()}]`);
    const remotesFile = path.join(remotesDir, 'remotes.json');
    const gateway = await startEdge({
      port: gatewayPort,
      remotesFile,
      targets: {
        auth: `http://127.0.0.1:${authPort}`,
        rating: `http://127.0.0.1:${ratingPort}`,
        ...Object.fromEntries(statics.map((i) => [i.name, `http://127.0.0.1:${port[i.name]}`])),
        // Page navigations go to the composer first (as the shell's nginx sends them in a cluster).
        composer: `http://127.0.0.1:${composerPort}`,
      },
    });
    stoppers.push(gateway.stop);
    await check('composer: a page navigation through the gateway is composed with the renderer container’s page', async () => {
      // The composer read the manifests before the gateway was up: it reads them again within SOURCES_TTL_MS.
      const ttl = Number(specs.composer.env.SOURCES_TTL_MS ?? 5000);
      const deadline = Date.now() + ttl + 10_000;
      for (;;) {
        const res = await fetch(`${publicUrl}/ranking`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
        const text = await res.text();
        const composed = res.headers.get('x-pupitre-composed');
        if (res.status === 200 && composed === 'rendered' && text.includes('id="pupitre-ssr"'))
          return `x-pupitre-composed: ${composed}, ${(text.length / 1024).toFixed(0)} kB with its data block`;
        if (Date.now() > deadline) throw new Error(`GET /ranking answered ${res.status}, x-pupitre-composed: ${composed}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    for (const image of RENDERER_IMAGES.filter((i) => RENDERED[i.remote].route !== '/ranking')) {
      const { route } = RENDERED[image.remote];
      await check(
        `composer: a navigation to ${route} through the gateway is composed with the ${image.name} container’s page`,
        async () => {
          const res = await fetch(`${publicUrl}${route}`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
          const text = await res.text();
          const composed = res.headers.get('x-pupitre-composed');
          const data = /<script[^>]*id="pupitre-ssr"[^>]*>([^<]*)<\/script>/.exec(text)?.[1];
          const remote = data ? JSON.parse(data).remote : undefined;
          if (res.status !== 200 || composed !== 'rendered' || remote !== image.remote)
            throw new Error(`GET ${route} answered ${res.status}, x-pupitre-composed: ${composed}, data block of ${remote}`);
          return `x-pupitre-composed: ${composed}, data block of ${remote}`;
        },
      );
    }
    await check(
      'shell: a navigation to the shell container itself (/ranking) is the composer’s page (its mounted shell-pages.conf)',
      async () => {
        const r = await get(`http://127.0.0.1:${port.shell}/ranking`);
        const composed = r.headers.get('x-pupitre-composed');
        if (r.status !== 200 || composed !== 'rendered' || !r.text.includes('id="pupitre-ssr"'))
          throw new Error(`GET /ranking answered ${r.status}, x-pupitre-composed: ${composed}\n--- shell ---\n${handles.shell.logs(10)}`);
        expectHeaders(r, staticHeaders, '/ranking');
        return `x-pupitre-composed: ${composed}`;
      },
    );
    await check(
      `journey: sign up, activate from the mail, sign in, publish a review; the worker makes it public after ${VALIDATION_DELAY}`,
      () =>
        runJourney({
          url: publicUrl,
          expectComposed: true,
          mailUrl: mail.webUrl,
          log: (m) => console.log(`    ${m}`),
          artifacts: path.join(ROOT, 'artifacts/images'),
        }),
    );

    console.log(`» SIGTERM [${elapsed()}]`);
    // The composer first: the shell then answers navigations without it.
    for (const image of [...IMAGES].sort((a, b) => Number(b.name === 'composer') - Number(a.name === 'composer'))) {
      const spec = specs[image.name];
      const h = handles[image.name];
      if (!h.running()) continue;
      const budget = spec.graceSeconds - spec.preStopSleep;
      await check(
        `${image.name}: SIGTERM stops it within its grace (${spec.graceSeconds} s${spec.preStopSleep ? ` less the ${spec.preStopSleep} s pre-stop pause` : ''})`,
        async () => {
          const r = await h.terminate(budget);
          if (r.code === null) throw new Error(`still running after ${budget} s\n${h.logs()}`);
          if (r.code !== 0 && r.code !== 143) throw new Error(`exit code ${r.code} after ${r.seconds.toFixed(1)} s\n${h.logs()}`);
          return `exit ${r.code} in ${r.seconds.toFixed(1)} s`;
        },
      );
      if (image.name === 'composer' && handles.shell.running())
        await check('shell: with the composer stopped, a navigation to /ranking is its plain index.html (200)', async () => {
          const index = await expectOk(`http://127.0.0.1:${port.shell}/index.html`);
          const r = await expectOk(`http://127.0.0.1:${port.shell}/ranking`);
          if (r.headers.get('x-pupitre-composed') !== null || r.text !== index.text)
            throw new Error(`not index.html: x-pupitre-composed ${r.headers.get('x-pupitre-composed')}, ${r.text.length} bytes`);
          expectHeaders(r, staticHeaders, '/ranking');
        });
    }
  } catch (err) {
    failed = true;
    console.error(`\n✗ ${err.message}`);
    for (const h of Object.values(handles)) console.error(`--- ${h.name} ---\n${h.logs(20)}`);
  } finally {
    for (const stop of stoppers.reverse()) await Promise.resolve(stop()).catch(() => {});
  }

  const passed = results.filter((r) => r.ok).length;
  const bad = results.filter((r) => !r.ok);
  if (bad.length) {
    console.log('\nfailed:');
    for (const r of bad) console.log(`  ✗ ${r.what}: ${r.error.split('\n')[0]}`);
  }
  console.log(`\nimages:check of ${IMAGES.length} images (tag ${report.tag}) in ${elapsed()}`);
  console.log(`${passed} passed, ${bad.length + (failed ? 1 : 0)} failed`);
  process.exit(bad.length || failed ? 1 : 0);
}

main().catch((err) => {
  console.error(`\n✗ npm run images:check: ${err.message}`);
  process.exit(1);
});
