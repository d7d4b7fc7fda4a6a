// `npm run bench:api`: load test of the rating API on this machine. Starts its own DocumentDB (or
// mongod), Redis, 2 rating APIs and 2 workers on free ports (infra/local/lib launchers), a stand-in
// JWKS; per size (BENCH_SIZES, default 10,000 then 1,000,000 reviews over 200 teachers) seeds the
// documents in the previous shape (ADR 0009; votes as JSON text), times the migration run (indexed-reads-v1, voters-v1
// and the others) and the first start of one API, restarts both APIs (ready time) and the workers, drives the reads with autocannon at
// 50 connections over both APIs (connection i goes to API i mod 2) and reads each API's RSS; then, at
// the largest size, the writes at 20 connections and the publication lateness of 1,000 reviews due at
// once and of one alone, and the erasure of one voter. Not part of `npm test`. Env: BENCH_DURATION (seconds per run, default 6),
// BENCH_KEEP=1 keeps the temp dir (data and logs), BENCH_LATENESS_DUE_IN_MS (default 20000),
// BENCH_READ_CONNECTIONS (default 50; e.g. "50,200"), BENCH_WRITE_CONNECTIONS (default 20). Phase `cost` (BENCH_PHASES=cost,
// with BENCH_API_PROCESSES, default 20; DocumentDB only): what one API and then that many make the database read, idle,
// under BENCH_COST_READS reads a second (default 200) over them all, then with BENCH_COST_VOTES votes a second (default 10),
// from PostgreSQL's counters (read-cost.mjs). BENCH_INDEXES_FIRST=1 builds the indexes before the seed. Phase `outage` (BENCH_PHASES=outage, not in the default list): memory of the
// APIs and workers while Redis is stopped for BENCH_OUTAGE_MINUTES (default 10) under BENCH_OUTAGE_WRITES_PER_SECOND
// (default 5), then Redis back, the writes checked and published (redis-outage.mjs; BENCH_OUTAGE_CONTROL=1: Redis kept up).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { MongoClient, ObjectId } from 'mongodb';
import { ROOT } from '../../../infra/local/lib/paths.mjs';
import { freePortList } from '../../../infra/local/lib/ports.mjs';
import { startMongo } from '../../../infra/local/lib/mongo.mjs';
import { startRedis } from '../../../infra/local/lib/redis.mjs';
import { startProcess } from '../../../infra/local/lib/proc.mjs';
import { costLines, measureReadCost } from './read-cost.mjs';
import { measureRedisOutage, outageLines, visibleReviewIds } from './redis-outage.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
/** Which parts to run (BENCH_PHASES, comma list): reads (both sizes), writes (vote, create), lateness, erasure (one voter's), outage. */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'reads,writes,lateness,erasure').split(','));
const TEACHERS = 200;
/** How many API processes and how many worker processes. */
const PROCESSES = 2;
/** The cost phase: how many APIs against one, the votes a second under its load, the seconds of each measure. */
const COST_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 20);
const COST_VOTES = Number(process.env.BENCH_COST_VOTES ?? 10);
const COST_SECONDS = Number(process.env.BENCH_COST_SECONDS ?? 20);
const COST_READS = Number(process.env.BENCH_COST_READS ?? 200);
/** BENCH_INDEXES_FIRST=1: the indexes are built on the empty collections before the seed (see the seeding below). */
const INDEXES_FIRST = process.env.BENCH_INDEXES_FIRST === '1';
const READ_CONNECTIONS = (process.env.BENCH_READ_CONNECTIONS ?? '50').split(',').map(Number);
const WRITE_CONNECTIONS = (process.env.BENCH_WRITE_CONNECTIONS ?? '20').split(',').map(Number);
/** A start (the first one migrates every review) may take long at 1,000,000 reviews. */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 60 * 60_000);
/** The reviews collection's indexes once mongoose has built them all (review.schema.ts: 15, plus `_id`). */
const REVIEW_INDEXES = 16;
/** The API's V8 flags and malloc arenas, as the rating-api manifest sets them (infra/k8s/base/rating-api/rating-api.yaml). */
const API_NODE_ARGS = '--max-semi-space-size=16 --max-old-space-size=160';
const API_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
/** How long after their creation the reviews of the lateness run are due. */
const LATENESS_DUE_IN = Number(process.env.BENCH_LATENESS_DUE_IN_MS ?? 20_000);
/** The validation delay of the services: the reviews of the `create` run are validated after it, not during it. */
const VALIDATION_DELAY_MS = 30_000;
const SUBJECTS = 15;
const GRADES = [
  'clarte',
  'interaction_soutien',
  'methodes',
  'justice',
  'ambiance',
  'gestion_temps',
  'amabilite',
  'gestion_colere',
  'charge_travail',
  'distraction',
  'difficulte',
];
const FLAGS = ['ponctuel', 'aide', 'greves', 'punitions'];
const COMMENTS = [
  'Cours tres clair, toujours disponible.',
  'Exigeant mais juste.',
  "Ambiance agreable, j'ai aime.",
  'Beaucoup de travail.',
  '',
];
const log = (m) => process.stderr.write(`[bench] ${m}\n`);
const started = Date.now();

let seed = 42;
// A 32-bit multiply (Math.imul): a float product lost its low bits, and the sequence reached only 170 of the 200 teachers.
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const searchKey = (t) =>
  t
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
// The service's keys (services/rating/src/app/data/keys.ts): `_id` derived from the integer id.
const derivedOid = (kind, id) => new ObjectId(kind + id.toString(16).padStart(22, '0'));
const reviewOid = (id) => derivedOid('01', id);
const teacherOid = (id) => derivedOid('02', id);
const NAMES = [
  'Dupont',
  'Lefèvre',
  'García',
  'Moreau',
  'Nguyen',
  'Bernard',
  'Petit',
  'Martínez',
  'Rousseau',
  'Fernández',
  'Laurent',
  'Girard',
  'Benali',
  'Roux',
  'Faure',
  'Mercier',
  'Blanc',
  'Guérin',
  'Chevalier',
  'Lambert',
];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-bench-'));
  const [dbPort, redisPort, jwksPort, ...servicePorts] = await freePortList(3 + 2 * PROCESSES);
  const apiPorts = servicePorts.slice(0, PROCESSES);
  const workerPorts = servicePorts.slice(PROCESSES);
  const stops = [];
  log(`temp dir ${dir}${process.env.BENCH_KEEP ? ' (kept)' : ''}; load ${loadAverage()}`);
  try {
    log('building the rating service…');
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '-c', 'rspack.config.mjs'], {
      cwd: path.join(ROOT, 'services/rating'),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const mongo = await startMongo({ port: dbPort, dataDir: path.join(dir, 'db'), logFile: path.join(dir, 'db.log'), useEnv: false, log });
    stops.push(mongo.stop);
    const redisOptions = {
      port: redisPort,
      dataDir: path.join(dir, 'redis'),
      persist: false,
      logFile: path.join(dir, 'redis.log'),
      useEnv: false,
      log,
    };
    let redis = await startRedis(redisOptions); // the outage phase stops it and starts another
    stops.push(() => redis.stop());
    log(`database: ${mongo.kind}; redis-server on ${redisPort}`);
    /** The database's processes (DocumentDB: the gateway, PostgreSQL and its backends), for CPU figures. */
    const databasePids = () => [mongo.proc?.child.pid, ...postgresPids(path.join(dir, 'db'))].filter(Boolean);

    // A stand-in auth service: an ES256 key whose JWKS is served locally.
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] });
    const jwksServer = http.createServer((_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(jwks));
    await new Promise((r) => jwksServer.listen(jwksPort, '127.0.0.1', r));
    stops.push(() => new Promise((r) => jwksServer.close(r)));
    const sign = (sub) =>
      // As the auth service signs them (iss and aud: the rating service refuses a token without its audience).
      new SignJWT({
        sub,
        token_type: 'access',
        jti: randomUUID(),
        roles: ['user'],
        iss: 'pupitre-auth',
        aud: ['pupitre-auth', 'pupitre-rating'],
      })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey);

    const client = await MongoClient.connect(mongo.uri);
    stops.push(() => client.close());
    const cacheRedis = new Redis(redis.url).on('error', () => {}); // quiet while the outage phase has Redis stopped
    stops.push(async () => cacheRedis.disconnect());
    const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    const base = apiUrls[0];
    let db;
    /** The running processes: `api` and `worker` lists (index = process number). */
    let apis = [];
    let workers = [];
    const stopAll = () => Promise.all([...apis, ...workers].map((p) => p.stop(10_000)));
    const serviceEnv = (dbName) => ({
      MONGODB_URI: mongo.uri,
      MONGODB_DB: dbName,
      REDIS_URL: redis.url,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      QUEUE_PREFIX: `bench-${dbName}`,
      AUTH_JWKS_URL: `http://127.0.0.1:${jwksPort}/auth/.well-known/jwks.json`,
      REVIEW_VALIDATION_DELAY: String(VALIDATION_DELAY_MS),
      DEVELOPMENT_TIMINGS: 'true', // the bench's short delay
      RELEASE_TIMES: 'every 1s', // and public at the next second (the lateness figures measure the release)
      RATE_LIMIT_ADDRESS: '1000000/1s', // the load comes from one address: the bench measures the API, not its limits
      RATE_LIMIT_ACCOUNT: '1000000/1s',
      RECONCILE_INTERVAL: '30s',
      RECONCILE_GRACE: '1m',
      ...(process.env.BENCH_WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY } : {}),
    });
    /** Spawns API (or worker) `i` and resolves with { proc, readyMs } once its /readyz answers 200. */
    const spawnService = async (kind, i, dbName, tag) => {
      const port = (kind === 'api' ? apiPorts : workerPorts)[i];
      const t0 = performance.now();
      const proc = startProcess({
        name: `${kind}${i + 1}`,
        command: process.execPath,
        args: [
          ...(kind === 'api' ? (process.env.BENCH_API_NODE_ARGS ?? API_NODE_ARGS) : (process.env.BENCH_WORKER_NODE_ARGS ?? ''))
            .split(' ')
            .filter(Boolean),
          `services/rating/dist/${kind === 'api' ? 'main' : 'worker'}.js`,
        ],
        cwd: ROOT,
        env: { ...serviceEnv(dbName), ...(kind === 'api' ? API_ENV : {}), PORT: String(port) },
        logFile: path.join(dir, `${kind}${i + 1}-${dbName}-${tag}.log`),
      });
      (kind === 'api' ? apis : workers)[i] = proc;
      await waitReady(`http://127.0.0.1:${port}/readyz`, proc, START_TIMEOUT_MS, `${kind} ${i + 1}`);
      return { proc, readyMs: performance.now() - t0 };
    };
    stops.push(stopAll);

    log('signing tokens…');
    const voters = await Promise.all(Array.from({ length: 300 }, (_, i) => sign(`voter-${i}`)));
    const creators = await Promise.all(Array.from({ length: 12_000 }, (_, i) => sign(`creator-${i}`)));

    const results = [];
    /** One autocannon run over every API: its connections alternate between them (connection i → API i mod n). */
    const run = async (label, size, connections, opts) => {
      const processes = {
        gateway: mongo.proc?.child.pid,
        postgres: () => postgresPids(path.join(dir, 'db')),
        redis: redis.proc?.child.pid,
        apis: () => apis.map((p) => p.child.pid),
        workers: () => workers.map((p) => p.child.pid),
      };
      const ticksBefore = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuTicks(pid)]));
      const res = await autocannon({ url: apiUrls, connections, duration: DURATION, pipelining: 1, ...opts });
      // CPU per request (ms) of each part: where a request's cost goes on this shared machine.
      const cpuPerRequest = Object.entries(processes)
        .map(([name, pid]) => `${name} ${(((cpuTicks(pid) - ticksBefore[name]) * 10) / Math.max(1, res.requests.total)).toFixed(2)}`)
        .join(', ');
      const row = {
        label,
        size,
        connections,
        p50: res.latency.p50,
        p99: res.latency.p99,
        rps: Math.round(res.requests.average),
        non2xx: res.non2xx,
        errors: res.errors + res.timeouts,
      };
      results.push(row);
      log(
        `${label} @${size} reviews, ${connections} conn: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, non-2xx ${row.non2xx}, errors ${row.errors}; CPU ms per request: ${cpuPerRequest}`,
      );
      return row;
    };
    let teacherIds = [];
    const reads = (size) =>
      [
        ['community', { requests: [{ method: 'GET', path: '/api/rating/community' }] }],
        [
          'teacher reviews',
          {
            requests: [
              { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/teacher/${teacherIds[int(0, teacherIds.length - 1)]}/reviews` }) },
            ],
          },
        ],
        ['ranking', { requests: [{ method: 'GET', path: '/api/teachers/ranking' }] }],
        [
          'search',
          {
            requests: [
              {
                method: 'GET',
                setupRequest: (r) => ({
                  ...r,
                  path: `/api/teachers?query=${encodeURIComponent(['dup', 'garc', 'mme la', 'fern', 'rou'][int(0, 4)])}`,
                }),
              },
            ],
          },
        ],
      ].map(([label, opts]) => ({ label, opts, size }));

    /** One API, then COST_PROCESSES: what the database reads for them idle and under one load (reads and votes a second). */
    const costPhase = async (dbName, size) => {
      await stopAll();
      apis = [];
      workers = [];
      const visibleIds = await visibleReviewIds(db);
      const pages = [
        () => '/api/rating/community',
        () => `/api/teacher/${teacherIds[int(0, teacherIds.length - 1)]}/reviews`,
        () => `/api/teacher/${teacherIds[int(0, teacherIds.length - 1)]}`,
        () => '/api/teachers/ranking',
        () => `/api/teachers?query=${encodeURIComponent(['dup', 'garc', 'mme la', 'fern', 'rou'][int(0, 4)])}`,
      ];
      const reads = { method: 'GET', setupRequest: (r) => ({ ...r, path: pages[int(0, pages.length - 1)]() }) };
      const votes = {
        method: 'POST',
        setupRequest: (r) => ({
          ...r,
          path: `/api/relatable/${visibleIds[int(0, visibleIds.length - 1)]}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${voters[int(0, voters.length - 1)]}` },
          body: JSON.stringify({ value: random() < 0.7 }),
        }),
      };
      const measures = [];
      for (const n of [1, COST_PROCESSES]) {
        const ports = await freePortList(n);
        apiPorts.splice(0, apiPorts.length, ...ports);
        log(`cost: starting ${n} API(s)…`);
        for (let i = 0; i < n; i += 4)
          await Promise.all(ports.slice(i, i + 4).map((_, j) => spawnService('api', i + j, dbName, `cost${n}`)));
        const urls = ports.map((p) => `http://127.0.0.1:${p}`);
        // Each API serves every page once (its first looks, every teacher's lists and page: what a start costs, not measured),
        // then PostgreSQL's counters of that are flushed before the first measure.
        const everyPage = [
          '/api/rating/community',
          '/api/teachers/ranking',
          ...teacherIds.flatMap((t) => [`/api/teacher/${t}`, `/api/teacher/${t}/reviews`]),
        ];
        await Promise.all(
          urls.map(async (url) => {
            for (const page of everyPage) await fetch(`${url}${page}`).then((r) => r.arrayBuffer());
          }),
        );
        await new Promise((r) => setTimeout(r, 12_000));
        const common = { dataDir: path.join(dir, 'db'), dbName, urls, seconds: COST_SECONDS, readsPerSecond: COST_READS };
        measures.push(await measureReadCost({ ...common, label: `idle @${size}` }));
        measures.push(await measureReadCost({ ...common, label: `${COST_READS} reads/s @${size}`, reads }));
        measures.push(
          await measureReadCost({
            ...common,
            label: `${COST_READS} reads/s + ${COST_VOTES} votes/s @${size}`,
            reads,
            votes,
            votesPerSecond: COST_VOTES,
          }),
        );
        for (const line of costLines(measures.slice(-3))) log(`cost: ${line}`);
        await stopAll();
        apis = [];
      }
      return measures;
    };

    /** dist/migrate.js (the rating-migrate Job's run) on one database, to its end. */
    const migrate = (dbName) =>
      execFileSync(
        process.execPath,
        [...(process.env.BENCH_API_NODE_ARGS ?? API_NODE_ARGS).split(' ').filter(Boolean), 'services/rating/dist/migrate.js'],
        { cwd: ROOT, env: { ...process.env, ...serviceEnv(dbName) }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
    const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
    const perSize = [];
    for (const size of sizes) {
      const dbName = `bench_${size}`;
      const figures = { size };
      perSize.push(figures);
      log(`seeding ${size.toLocaleString('en')} reviews over ${TEACHERS} teachers (previous document shape)…`);
      let t0 = Date.now();
      db = client.db(dbName);
      await db.dropDatabase();
      if (INDEXES_FIRST) {
        // Every index on the empty collections (the migration run on an empty database), its markers then cleared so that the
        // run after the seed migrates the documents; the inserts and the migrations then keep the indexes, and no index is built
        // over a full collection (DocumentDB's concurrent build stalled beside its TTL job at 1,000,000 reviews).
        log('BENCH_INDEXES_FIRST: building every index on the empty collections first…');
        migrate(dbName);
        await db.collection('migrations').deleteMany({});
      }
      teacherIds = await seedBench(db, size);
      figures.seedMs = Date.now() - t0;
      log(`seeded in ${(figures.seedMs / 1000).toFixed(1)} s (load ${loadAverage()})`);

      // The migration run (dist/migrate.js, the rating-migrate Job's), then the first start of one API alone.
      log('migrating (dist/migrate.js: indexed-reads-v1 and the others, index builds)…');
      t0 = Date.now();
      migrate(dbName);
      figures.migrateMs = Date.now() - t0;
      log(`migrated in ${(figures.migrateMs / 1000).toFixed(1)} s; first start of API 1…`);
      const first = await spawnService('api', 0, dbName, 'first');
      figures.firstStartMs = first.readyMs;
      const migration = await db.collection('migrations').findOne({ _id: 'indexed-reads-v1' });
      const claims = await db.collection('migrations').findOne({ _id: 'class-claims-v1' });
      figures.migration = migration;
      log(
        `API 1 ready after its first start in ${(first.readyMs / 1000).toFixed(1)} s (migration: ${migration?.reviews} reviews updated, ${migration?.teachers} teachers, ${claims?.claimed} classes claimed; load ${loadAverage()})`,
      );
      // Index builds run in the background of mongoose's start-up: wait until they are all there.
      t0 = Date.now();
      let indexes = 0;
      for (let i = 0; i < 3600 && (indexes = (await db.collection('reviews').indexes()).length) < REVIEW_INDEXES; i++)
        await new Promise((r) => setTimeout(r, 500));
      figures.indexWaitMs = Date.now() - t0;
      log(`${indexes} review indexes after ${(figures.indexWaitMs / 1000).toFixed(1)} s more`);
      await stopAll();
      apis = [];
      workers = [];

      // Restart: the APIs together (nothing left to migrate), then the workers.
      log(`restarting ${PROCESSES} APIs…`);
      const restarted = await Promise.all(apiPorts.map((_, i) => spawnService('api', i, dbName, 'restart')));
      figures.readyMs = restarted.map((s) => s.readyMs);
      log(`APIs ready after restart in ${figures.readyMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; starting ${PROCESSES} workers…`);
      await Promise.all(workerPorts.map((_, i) => spawnService('worker', i, dbName, 'restart')));
      log('waiting for the database and the services to go quiet (steady state)…');
      const quietAfter = await settle([...databasePids(), ...apis, ...workers].map((p) => (typeof p === 'number' ? p : p.child.pid)));
      log(`quiet after ${(quietAfter / 1000).toFixed(1)} s more (load ${loadAverage()})`);
      figures.rssBeforeReads = apis.map((p) => rssKiB(p.child.pid));
      if (PHASES.has('reads')) {
        // Every teacher's page once on each API (a cold cache: what the first visitor after a start or
        // after a change of his figures meets), timed; the runs below then measure the steady state.
        const cold = [];
        for (const url of apiUrls)
          for (const id of teacherIds) {
            const t = performance.now();
            await fetch(`${url}/api/teacher/${id}/reviews`).then((r) => r.arrayBuffer());
            cold.push(performance.now() - t);
          }
        cold.sort((a, b) => a - b);
        figures.coldTeacherPage = { p50: cold[Math.floor(cold.length / 2)], p99: cold[Math.floor(cold.length * 0.99)] };
        log(
          `teacher pages, cold, one at a time: p50 ${figures.coldTeacherPage.p50.toFixed(1)} ms, p99 ${figures.coldTeacherPage.p99.toFixed(1)} ms`,
        );
      }
      for (const { label, opts } of PHASES.has('reads') ? reads(size) : []) {
        await run(label, size, 2, { ...opts, duration: 2 }).then(() => results.pop()); // warm-up, both APIs
        for (const c of READ_CONNECTIONS) await run(label, size, c, opts);
      }
      figures.rss = apis.map((p) => rssKiB(p.child.pid));
      figures.load = loadAverage();
      log(`API RSS after the reads: ${figures.rss.map((k) => `${(k / 1024).toFixed(0)} MiB`).join(', ')}`);
      for (const url of apiUrls) log(`  ${url}: ${await memoryBreakdown(url)}`);
      // With the cost phase, the erasure is measured before it (it stops the workers an erasure needs).
      if (PHASES.has('cost') && PHASES.has('erasure') && size === sizes.at(-1)) await measureErasure(db, redis, 'voter-0');
      // Stops the APIs and the workers it found: run it alone (BENCH_PHASES=cost), or with the erasure.
      if (PHASES.has('cost')) figures.cost = await costPhase(dbName, size);
      // The writes and the lateness run at the largest size: the processes of a smaller one stop before the next seed.
      if (size !== sizes.at(-1)) {
        await stopAll();
        apis = [];
        workers = [];
      }
    }
    const biggest = sizes.at(-1);

    // Writes at the largest size.
    const visible = (
      await db
        .collection('reviews')
        .find({ visible: true }, { projection: { id: 1 } })
        .limit(5000)
        .toArray()
    ).map((r) => r.id);
    for (const c of PHASES.has('writes') ? WRITE_CONNECTIONS : []) {
      await run('vote', biggest, c, {
        requests: [
          {
            method: 'POST',
            setupRequest: (r) => ({
              ...r,
              path: `/api/relatable/${visible[int(0, visible.length - 1)]}`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${voters[int(0, voters.length - 1)]}` },
              body: JSON.stringify({ value: random() < 0.7 }),
            }),
          },
        ],
      });
    }
    let next = 0;
    for (const c of PHASES.has('writes') ? WRITE_CONNECTIONS : []) {
      await run('create', biggest, c, {
        requests: [
          {
            method: 'POST',
            setupRequest: (r) => ({
              ...r,
              path: '/api/rating/0',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${creators[next++ % creators.length]}` },
              body: JSON.stringify(reviewBody(teacherIds)),
            }),
          },
        ],
      });
    }
    // Let the created reviews publish before the lateness run.
    log('waiting for the created reviews to be published…');
    const waitPending = async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while ((await db.collection('reviews').countDocuments({ status: 'pending' })) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 1000));
    };
    if (PHASES.has('writes')) await waitPending(120_000);

    const pids = {
      database: databasePids,
      redis: redis.proc?.child.pid,
      ...Object.fromEntries(apis.map((p, i) => [`api${i + 1}`, p.child.pid])),
      ...Object.fromEntries(workers.map((p, i) => [`worker${i + 1}`, p.child.pid])),
    };
    const late = PHASES.has('lateness')
      ? { many: await measureLateness(db, redis, pids, base, 1000), one: await measureLateness(db, redis, pids, base, 1) }
      : null;
    const outage = PHASES.has('outage')
      ? await measureRedisOutage({
          db,
          processes: () =>
            [...apis.map((p, i) => [`api${i + 1}`, p, apiPorts[i]]), ...workers.map((p, i) => [`worker${i + 1}`, p, workerPorts[i]])].map(
              ([name, p, port]) => ({ name, pid: p.child.pid, url: `http://127.0.0.1:${port}` }),
            ),
          apiUrls,
          stopRedis: () => redis.stop(),
          startRedis: async () => (redis = await startRedis(redisOptions)),
          sign,
          reviewBody: () => reviewBody(teacherIds),
          pick: (list) => list[int(0, list.length - 1)],
          rssKiB,
          log,
        })
      : null;
    printReport(results, late, perSize, outage);
    if (PHASES.has('erasure') && !PHASES.has('cost')) await measureErasure(db, redis, 'voter-0');
  } finally {
    for (const stop of stops.reverse()) await stop().catch?.(() => {});
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    log(`total ${((Date.now() - started) / 1000).toFixed(0)} s; load ${loadAverage()}`);
  }
}

/** Polls `url` every 20 ms until it answers 200 (the process must stay alive). */
async function waitReady(url, proc, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.alive) throw new Error(`${what} exited before being ready:\n${proc.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} not ready at ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Where an API's memory is, from its /metrics (prom-client's defaults): V8's heap spaces and external memory, in MiB. */
async function memoryBreakdown(url) {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    // A sample line: `name{label="…",…} value` (the service's default labels come first).
    const mib = (name, label = '') => {
      const value = new RegExp(`^${name}(?:\\{[^}]*${label}[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1];
      return ((Number(value) || 0) / 2 ** 20).toFixed(0);
    };
    const spaces = ['new', 'old', 'code', 'large_object']
      .map((space) => `${space} ${mib('nodejs_heap_space_size_total_bytes', `space="${space}"`)}`)
      .join(', ');
    return `heap total ${mib('nodejs_heap_size_total_bytes')} MiB (${spaces}), external ${mib('nodejs_external_memory_bytes')} MiB`;
  } catch (err) {
    return `no /metrics (${err.message})`;
  }
}

/** Resident memory of a process in KiB (VmRSS), 0 when unknown. */
function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return 0;
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The PostgreSQL processes of a DocumentDB data dir: the postmaster (postmaster.pid) and its children. */
function postgresPids(dataDir) {
  const find = (d, depth) => {
    if (depth > 3) return null;
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return null;
    }
    if (entries.some((e) => e.name === 'postmaster.pid')) return path.join(d, 'postmaster.pid');
    for (const e of entries)
      if (e.isDirectory()) {
        const f = find(path.join(d, e.name), depth + 1);
        if (f) return f;
      }
    return null;
  };
  const file = find(dataDir, 0);
  if (!file) return [];
  const master = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  const children = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === master) children.push(Number(name));
    } catch {
      // gone
    }
  }
  return [master, ...children];
}

/**
 * A user's erasure at the largest size: `user-erased` for one of the seeded voters (about 1 review in 100 holds their vote),
 * queued as the auth service queues it; the time until the worker's job is done, and the votes left (none expected).
 */
async function measureErasure(db, redis, userId) {
  const votes = await db.collection('reviews').countDocuments({ 'voters.u': userId });
  log(`user erasure: ${userId}, ${votes.toLocaleString('en')} votes…`);
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('user-events', { connection, prefix: `bench-${db.databaseName}` });
  const t0 = Date.now();
  const job = await queue.add('user-erased', { userId, erasedAt: new Date().toISOString() }, { jobId: `user-erased-${userId}` });
  let state = 'waiting';
  for (const deadline = t0 + 60 * 60_000; Date.now() < deadline && state !== 'completed' && state !== 'failed';) {
    await new Promise((r) => setTimeout(r, 100));
    state = await job.getState();
  }
  const ms = Date.now() - t0;
  const left = await db.collection('reviews').countDocuments({ 'voters.u': userId });
  log(
    `user erasure: ${votes.toLocaleString('en')} votes removed in ${(ms / 1000).toFixed(2)} s (job ${state}, ${left} left; load ${loadAverage()})`,
  );
  await queue.close();
  connection.disconnect();
  return { votes, ms, state, left };
}

/**
 * Publication lateness: `count` reviews due at the same instant. They are stored pending as the API
 * does, due LATENESS_DUE_IN after their creation, with their jobs queued for that instant as the
 * API queues them. Measured two ways: `pub.publishedAt - publishAt`, and what readers see: the
 * teacher-review lists of up to 20 teachers polled through the API until every sampled review shows
 * (first sight minus publishAt; any sight before it counts as early).
 */
async function measureLateness(db, redis, pids, base, count) {
  log(`publication lateness: ${count.toLocaleString('en')} review(s) due at once, ${LATENESS_DUE_IN / 1000} s after their creation…`);
  const due = Date.now() + LATENESS_DUE_IN;
  const ids = await insertPending(db, count, new Date(due));
  const queueConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('review-publication', { connection: queueConnection, prefix: `bench-${db.databaseName}` });
  const ticksAtStart = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuTicks(pid)]));
  // The repeatable jobs (the reconciler, the erasure of delisted teachers…) always have a delayed next run: not ours.
  const repeatables = (await queue.getJobCounts('delayed')).delayed;
  await queue.addBulk(
    ids.map((id) => ({
      name: 'publish-review',
      data: { reviewId: id, version: 1 },
      opts: { jobId: `review-${id}-v1`, delay: Math.max(0, due - Date.now()), removeOnComplete: 1000 },
    })),
  );
  // The queue (Redis, not the database, so the measure does not load the database): when the last job is done.
  let drainedAt = null;
  const watchQueue = (async () => {
    for (const deadline = due + 120_000; Date.now() < deadline;) {
      const counts = await queue.getJobCounts('delayed', 'waiting', 'active', 'prioritized');
      if (counts.delayed <= repeatables && counts.waiting + counts.active + counts.prioritized === 0) return (drainedAt = Date.now());
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  // Readers: 20 teachers' review lists (reviews i with i % 200 < 20 belong to teachers 1–20).
  const sampled = new Map(ids.filter((_, i) => i % TEACHERS < 20).map((id) => [id, null]));
  const polledTeachers = Math.min(20, count);
  let early = 0;
  for (const deadline = due + 60_000; [...sampled.values()].includes(null) && Date.now() < deadline;) {
    await Promise.all(
      Array.from({ length: polledTeachers }, (_, t) =>
        fetch(`${base}/api/teacher/${t + 1}/reviews?limit=50`).then(async (res) => {
          const seenAt = Date.now();
          for (const block of (await res.json()).slice(0, -1)) {
            for (const r of block.reviews) {
              if (!sampled.has(r.id) || sampled.get(r.id) !== null) continue;
              sampled.set(r.id, seenAt);
              if (seenAt < due) early++;
            }
          }
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, Date.now() < due - 1000 ? 250 : 20));
  }
  await watchQueue;
  const cpu = Object.entries(pids)
    .map(([name, pid]) => `${name} ${((cpuTicks(pid) - ticksAtStart[name]) / 100).toFixed(2)} s`)
    .join(', ');
  log(
    `lateness: jobs done ${drainedAt ? `${((drainedAt - due) / 1000).toFixed(1)} s from the due instant` : 'not within 2 min'}; CPU used from the creation: ${cpu}`,
  );
  await queue.close();
  queueConnection.disconnect();
  const published = await Promise.all(
    ids.map((id) =>
      db.collection('reviews').findOne({ _id: reviewOid(id) }, { projection: { publishAt: 1, 'pub.publishedAt': 1, status: 1 } }),
    ),
  );
  const stats = (values) => {
    const sorted = values.sort((a, b) => a - b);
    const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    return { n: sorted.length, p50: pct(50), p99: pct(99), max: sorted.at(-1) };
  };
  const stored = stats(published.filter((r) => r.pub).map((r) => r.pub.publishedAt.getTime() - r.publishAt.getTime()));
  const seen = stats([...sampled.values()].filter((v) => v !== null).map((v) => v - due));
  return {
    stored,
    seen,
    unseen: [...sampled.values()].filter((v) => v === null).length,
    early,
    drainedIn: drainedAt ? drainedAt - due : null,
    cpu,
  };
}

/** CPU ticks (user + system) of a process, from /proc (Linux); 0 when unknown. A function: the sum over the pids it returns. */
function cpuTicks(pid) {
  if (typeof pid === 'function') return pid().reduce((sum, p) => sum + cpuTicks(p), 0);
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until the given processes together use under 5% of a core over 2 s (index builds, the first
 * reconciliation and SQLite checkpoints after a large seed are start-up work, not the load measured),
 * at most 3 minutes. Returns how long it waited.
 */
async function settle(pids, { quietShare = 0.05, windowMs = 2000, maxMs = 180_000 } = {}) {
  const started = Date.now();
  const live = pids.filter(Boolean);
  const ticksPerSecond = 100;
  while (Date.now() - started < maxMs) {
    const before = live.reduce((sum, pid) => sum + cpuTicks(pid), 0);
    await new Promise((r) => setTimeout(r, windowMs));
    const used = (live.reduce((sum, pid) => sum + cpuTicks(pid), 0) - before) / ticksPerSecond;
    if (used / (windowMs / 1000) < quietShare) break;
  }
  return Date.now() - started;
}

const teacherSubjects = new Map();
const subjectOf = (t) => teacherSubjects.get(t)[0];
/** A create's payload (POST /api/rating/0) for one of the teachers. */
function reviewBody(teacherIds) {
  const t = teacherIds[int(0, teacherIds.length - 1)];
  const body = { teacher: t, subject: subjectOf(t), year: int(0, 6), tot_rating: int(0, 10), text_rating: 'Bench review, clear and fair.' };
  for (const g of GRADES) body[g] = int(0, 10);
  for (const f of FLAGS) body[f] = random() < 0.5;
  return body;
}

/** Replaces the data with `size` published reviews over 200 teachers and 15 subjects (aggregates consistent). */
async function seedBench(db, size) {
  const subjects = Array.from({ length: SUBJECTS }, (_, i) => ({ id: i + 1, name: `Subject ${i + 1}`, color: '#1e88e5', archived: false }));
  await db.collection('subjects').insertMany(subjects);
  const teachers = Array.from({ length: TEACHERS }, (_, i) => {
    const prefix = i % 2 ? 'M.' : 'Mme';
    const name = `${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}${i}`;
    const subjectIds = [1 + (i % SUBJECTS), 1 + ((i + 7) % SUBJECTS)];
    teacherSubjects.set(i + 1, subjectIds);
    return { _id: teacherOid(i + 1), id: i + 1, prefix, name, searchKey: searchKey(`${prefix} ${name}`), subjectIds, archived: false };
  });
  // An index the previous version declared (a real upgrade has it): built on the empty collection, kept by the inserts. Not its
  // unique author/teacher/subject/year index: DocumentDB checks it against every review of the same teacher or year, so the
  // inserts slowed down as the collection grew (100 a second at 70,000); the start-up migration replaces it (class-claims-v1).
  await db.collection('reviews').createIndexes([{ key: { teacherId: 1 }, name: 'teacherId_1' }]);
  const batch = [];
  const seedStarted = Date.now();
  const epoch = Date.UTC(2025, 0, 1);
  for (let id = 1; id <= size; id++) {
    const t = teachers[int(0, TEACHERS - 1)];
    const content = {
      teacherId: t.id,
      subjectId: t.subjectIds[int(0, 1)],
      year: int(0, 6),
      tot_rating: int(0, 10),
      grades: Object.fromEntries(GRADES.map((g) => [g, int(0, 10)])),
      flags: Object.fromEntries(FLAGS.map((f) => [f, random() < 0.5])),
      text_rating: COMMENTS[int(0, COMMENTS.length - 1)],
    };
    const votes = {};
    for (let k = random() < 0.3 ? int(1, 20) : 0; k > 0; k--) votes[`voter-${int(0, 299)}`] = random() < 0.6 ? 1 : 0;
    const values = Object.values(votes);
    const createdAt = new Date(epoch + id * 60_000);
    batch.push({
      _id: reviewOid(id),
      id,
      authorId: `bench-${id}`,
      ...content,
      version: 1,
      status: 'published',
      reason: null,
      publishAt: createdAt,
      pub: { ...content, version: 1, publishedAt: createdAt },
      visible: true,
      hidden: false,
      votes: JSON.stringify(votes),
      relUp: values.filter((v) => v === 1).length,
      relTotal: values.length,
      reports: [],
      reportCount: 0,
      reportWeight: 0,
      fence: 0,
      createdAt,
      updatedAt: createdAt,
    });
    if (batch.length === 2000) await db.collection('reviews').insertMany(batch.splice(0));
    if (id % 100_000 === 0) log(`  seeded ${id.toLocaleString('en')} reviews (${((Date.now() - seedStarted) / 1000).toFixed(0)} s)`);
  }
  if (batch.length) await db.collection('reviews').insertMany(batch);
  await db.collection('teachers').insertMany(teachers);
  await db.collection('counters').updateOne({ _id: 'reviews' }, { $set: { seq: size } }, { upsert: true });
  // The two older migrations are done; the API's start-up migrations (indexed-reads-v1, class-claims-v1) do the rest, as in a real upgrade.
  await db.collection('migrations').insertMany(['derived-keys-v1', 'single-document-reviews-v1'].map((_id) => ({ _id, at: new Date() })));
  return teachers.map((t) => t.id);
}

async function insertPending(db, count, publishAt) {
  const counter = await db
    .collection('counters')
    .findOneAndUpdate({ _id: 'reviews' }, { $inc: { seq: count } }, { returnDocument: 'after' });
  const first = counter.seq - count + 1;
  const now = new Date();
  const docs = Array.from({ length: count }, (_, i) => {
    const t = 1 + (i % TEACHERS);
    const content = {
      teacherId: t,
      subjectId: subjectOf(t),
      year: i % 7,
      tot_rating: int(0, 10),
      grades: Object.fromEntries(GRADES.map((g) => [g, 5])),
      flags: Object.fromEntries(FLAGS.map((f) => [f, false])),
      text_rating: 'Due at once.',
    };
    return {
      _id: reviewOid(first + i),
      id: first + i,
      authorId: `late-${first + i}`,
      ...content,
      version: 1,
      status: 'pending',
      reason: null,
      publishAt,
      pub: null,
      visible: false,
      hidden: false,
      votes: '{}',
      relUp: 0,
      relTotal: 0,
      reports: [],
      reportCount: 0,
      reportWeight: 0,
      fence: 0,
      createdAt: now,
      updatedAt: now,
    };
  });
  // As the API does: the reconciler's task first, then the review.
  await db.collection('review_tasks').insertMany(docs.map((d) => ({ _id: `review:${d.id}`, reviewId: d.id, publishAt })));
  await db.collection('reviews').insertMany(docs);
  return docs.map((d) => d.id);
}

function printReport(results, late, perSize, outage) {
  const pad = (v, n) => String(v).padStart(n);
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
  const lines = [
    '',
    `Rating API benchmark (${PROCESSES} APIs + ${PROCESSES} workers, autocannon over both APIs, ${DURATION} s per run, ${os.cpus().length} cores, load ${loadAverage()})`,
    '',
  ];
  lines.push(
    `${'reviews'.padStart(10)}${pad('seed', 9)}${pad('1st start', 11)}${pad('indexes+', 10)}  ready after restart  RSS after the reads (per API)`,
  );
  for (const f of perSize)
    lines.push(
      `${pad(f.size.toLocaleString('en'), 10)}${pad(s(f.seedMs), 9)}${pad(s(f.firstStartMs), 11)}${pad(s(f.indexWaitMs), 10)}  ${(
        f.readyMs ?? []
      )
        .map((ms) => `${ms.toFixed(0)} ms`)
        .join(', ')
        .padEnd(19)}  ${(f.rss ?? []).map(mib).join(', ')} (before the reads: ${(f.rssBeforeReads ?? []).map(mib).join(', ')})`,
    );
  lines.push(
    '  (1st start = spawn to /readyz 200 of one API alone, after dist/migrate.js (figures.migrateMs); indexes+ = wait for the index builds after it)',
  );
  for (const f of perSize.filter((x) => x.cost)) {
    lines.push('', `What the database read (PostgreSQL's counters: rows answered, 8 KiB blocks touched), one API then ${COST_PROCESSES}:`);
    lines.push(...costLines(f.cost).map((l) => `  ${l}`));
  }
  if (perSize.length > 1) {
    const [a, b] = [perSize[0], perSize.at(-1)];
    lines.push(
      `  RSS ratio ${b.size.toLocaleString('en')} / ${a.size.toLocaleString('en')} reviews: ${b.rss.map((k, i) => `×${(k / a.rss[i]).toFixed(2)}`).join(', ')}`,
    );
  }
  lines.push(
    '',
    `${'endpoint'.padEnd(16)}${pad('reviews', 11)}${pad('conn', 6)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('req/s', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
  );
  for (const r of results)
    lines.push(
      `${r.label.padEnd(16)}${pad(r.size.toLocaleString('en'), 11)}${pad(r.connections, 6)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.rps, 8)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}`,
    );
  lines.push('', 'Targets');
  const at = (label, size, c) => results.find((r) => r.label === label && r.size === size && r.connections === c);
  for (const f of perSize)
    for (const label of ['community', 'teacher reviews', 'ranking', 'search']) {
      const r = at(label, f.size, 50);
      if (r)
        lines.push(
          `  ${label} p99 at 50 connections, ${f.size.toLocaleString('en')} reviews ≤ 25 ms: ${r.p99} ms ${r.p99 <= 25 && !r.non2xx ? 'OK' : 'MISSED'}`,
        );
    }
  const biggest = perSize.at(-1)?.size;
  for (const [label, limit] of [
    ['vote', 100],
    ['create', 150],
  ]) {
    const r = at(label, biggest, 20);
    if (r) lines.push(`  ${label} p99 at 20 connections ≤ ${limit} ms: ${r.p99} ms ${r.p99 <= limit && !r.non2xx ? 'OK' : 'MISSED'}`);
  }
  for (const [name, l, limit] of late
    ? [
        ['1,000 due at once', late.many, 5000],
        ['one alone', late.one, 1000],
      ]
    : []) {
    const ok = l.stored.p99 <= limit && l.seen.p99 <= limit && l.unseen === 0 && l.early === 0;
    lines.push(
      `  publication lateness p99 ≤ ${limit / 1000} s, ${name}, never early: ${ok ? 'OK' : 'MISSED'}`,
      `    stored (pub.publishedAt − publishAt, ${l.stored.n} published): p50 ${l.stored.p50} ms, p99 ${l.stored.p99} ms, max ${l.stored.max} ms`,
      `    seen by readers (teacher reviews through the API, ${l.seen.n} sampled): p50 ${l.seen.p50} ms, p99 ${l.seen.p99} ms, max ${l.seen.max} ms; shown early: ${l.early}; never shown: ${l.unseen}`,
      `    validation finished ${l.drainedIn === null ? 'never (2 min)' : `${(Math.abs(l.drainedIn) / 1000).toFixed(1)} s ${l.drainedIn <= 0 ? 'before' : 'after'} the due instant`}; CPU from creation to the end: ${l.cpu}`,
    );
  }
  if (outage) lines.push('', ...outageLines(outage));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
