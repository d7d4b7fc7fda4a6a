// `npm run bench:auth`: login and refresh throughput (requests/s, p99) at 20 concurrent connections
// against a real auth service (built bundle) on DocumentDB (or mongod)/Redis started here on free ports, with
// throttling limits raised; then the cost of verifying an access token locally (jose jwtVerify with
// a cached local JWKS), the per-request price other services pay. Loopback only; bounded in time.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, scrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { MongoClient } from 'mongodb';
import { startMongo } from '../../../infra/local/lib/mongo.mjs';
import { freePortList, waitForHttp } from '../../../infra/local/lib/ports.mjs';
import { startRedis } from '../../../infra/local/lib/redis.mjs';

const SERVICE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVICE_DIR, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const VERIFY_ITERATIONS = Number(process.env.BENCH_VERIFY_ITERATIONS ?? 20_000);
const LOG_N = Number(process.env.PASSWORD_SCRYPT_LOG_N ?? 15);
const PASSWORD = 'Cahier-de-textes-42';
const EMAIL = 'bench@example.org';

const log = (m) => process.stderr.write(`[bench] ${m}\n`);
const stoppers = [];

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-bench-'));
  stoppers.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  const [dbPort, redisPort, authPort, smtpPort] = await freePortList(4);

  log('starting the database and Redis on free ports');
  const mongo = await startMongo({ port: dbPort, dataDir: path.join(work, 'db'), logFile: path.join(work, 'db.log'), useEnv: false, log });
  stoppers.push(mongo.stop);
  const redis = await startRedis({
    port: redisPort,
    dataDir: path.join(work, 'redis'),
    persist: false,
    logFile: path.join(work, 'redis.log'),
    useEnv: false,
    log,
  });
  stoppers.push(redis.stop);

  log('building the auth bundle');
  const dist = path.join(SERVICE_DIR, `dist-bench-${randomBytes(3).toString('hex')}`);
  stoppers.push(async () => fs.rmSync(dist, { recursive: true, force: true }));
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'),
      'build',
      '-c',
      path.join(SERVICE_DIR, 'rspack.config.mjs'),
      '--output-path',
      dist,
    ],
    {
      cwd: SERVICE_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );

  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'bench' };
  const dbName = 'pupitre_auth_bench';
  const raised = '1000000/1m';
  const env = {
    PATH: process.env.PATH ?? '',
    // Not `production`: that refuses the plain stores and mail server of this loopback bench (issue #41: TLS
    // only); the settings production requires are given all the same.
    NODE_ENV: 'staging',
    HOST: '127.0.0.1',
    PORT: String(authPort),
    MONGODB_URI: mongo.uri,
    MONGODB_DB: dbName,
    REDIS_URL: redis.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
    JWT_PRIVATE_KEYS: JSON.stringify([jwk]),
    SECURITY_LOG_KEY: randomBytes(32).toString('hex'), // as production requires
    SECOND_FACTOR_KEYS: `bench:${randomBytes(32).toString('base64')}`, // as production requires
    PASSWORD_SCRYPT_LOG_N: String(LOG_N),
    THROTTLE_LOGIN_IP: raised,
    THROTTLE_LOGIN_FAILURES: '1000000000',
    THROTTLE_LOGIN_ACCOUNT: raised,
    THROTTLE_SIGNUP_IP: raised,
    THROTTLE_RESET_IP: raised,
    THROTTLE_RESEND_IP: raised,
  };
  log(`starting auth on 127.0.0.1:${authPort}`);
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  stoppers.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  );
  const base = `http://127.0.0.1:${authPort}`;
  await waitForHttp(`${base}/readyz`, { what: 'auth', timeoutMs: 60_000, isAlive: () => child.exitCode === null, okStatus: 200 });

  // One active account, hashed exactly as the service does (scrypt, production cost).
  const client = await MongoClient.connect(mongo.uri);
  stoppers.push(() => client.close());
  const salt = randomBytes(16);
  const key = await promisify(scrypt)(PASSWORD.normalize('NFKC'), salt, 32, {
    N: 2 ** LOG_N,
    r: 8,
    p: 1,
    maxmem: 256 * 2 ** LOG_N * 8 + 1024 * 1024,
  });
  await client
    .db(dbName)
    .collection('users')
    .insertOne({
      email: EMAIL,
      password: `$scrypt$ln=${LOG_N},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`,
      isActive: true,
      lang: 'en',
      roles: ['user'],
      googleSub: null,
      credentialsVersion: 0,
      createdAt: new Date(),
      lastLogin: null,
    });
  const loginOnce = async () => {
    const res = await fetch(`${base}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const first = await loginOnce();

  log(`login: ${CONNECTIONS} connections for ${DURATION_S} s`);
  const loginResult = await autocannon({
    url: `${base}/auth/token/`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });

  // A rotated token is dead: requests take a live token from the pool and put back the new one.
  // (autocannon resets its per-connection context after each pass over `requests`, so a shared
  // pool it is; with one request in flight per connection, 2 × connections tokens is plenty.)
  const pool = [];
  for (let i = 0; i < CONNECTIONS * 2; i++) pool.push((await loginOnce()).refresh);
  log(`refresh: ${CONNECTIONS} connections for ${DURATION_S} s`);
  const refreshResult = await autocannon({
    url: `${base}/auth/token/refresh/`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh: pool.shift() }) }),
        onResponse: (status, body) => {
          if (status === 200) pool.push(JSON.parse(body).refresh);
        },
      },
    ],
  });

  log(`verify: ${VERIFY_ITERATIONS} local verifications`);
  const jwks = await (await fetch(`${base}/auth/.well-known/jwks.json`)).json();
  const keySet = createLocalJWKSet(jwks);
  for (let i = 0; i < 500; i++) await jwtVerify(first.access, keySet, { algorithms: ['ES256'] });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < VERIFY_ITERATIONS; i++) await jwtVerify(first.access, keySet, { algorithms: ['ES256'] });
  const verifyMs = Number(process.hrtime.bigint() - t0) / 1e6 / VERIFY_ITERATIONS;
  // As a busy server sees it: many requests verifying at once (WebCrypto work overlaps).
  const t1 = process.hrtime.bigint();
  for (let done = 0; done < VERIFY_ITERATIONS; done += 50) {
    await Promise.all(Array.from({ length: 50 }, () => jwtVerify(first.access, keySet, { algorithms: ['ES256'] })));
  }
  const verifyBatchMs = Number(process.hrtime.bigint() - t1) / 1e6 / VERIFY_ITERATIONS;
  const load = os.loadavg()[0].toFixed(1);

  const row = (name, r) => {
    const non2xx = r.non2xx + r.errors + r.timeouts;
    return `| ${name.padEnd(25)} | ${r.requests.average.toFixed(1).padStart(9)} | ${String(r.latency.p50).padStart(8)} | ${String(r.latency.p99).padStart(8)} | ${String(r.requests.total ?? r['2xx'] + non2xx).padStart(7)} | ${String(non2xx).padStart(6)} |`;
  };
  const lines = [
    '',
    `Auth benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} CPU(s), Node ${process.version}, scrypt ln=${LOG_N} (r=8, p=1)`,
    '',
    '| endpoint                  |   req/s   | p50 (ms) | p99 (ms) |  total  | non-2xx |',
    '|---------------------------|-----------|----------|----------|---------|--------|',
    row('POST /auth/token/', loginResult),
    row('POST /auth/token/refresh/', refreshResult),
    '',
    '| access-token verification (jose jwtVerify, cached local JWKS, ES256) | µs per token |',
    '|-----------------------------------------------------------------------|--------------|',
    `| one at a time (latency added to a request)                            | ${(verifyMs * 1000).toFixed(1).padStart(12)} |`,
    `| 50 at a time (CPU cost per request under load)                        | ${(verifyBatchMs * 1000).toFixed(1).padStart(12)} |`,
    `target < 200 µs: ${Math.min(verifyMs, verifyBatchMs) < 0.2 ? 'met' : 'missed'} (machine load average during the run: ${load})`,
    '',
    'Login is bound by scrypt (memory-hard by design: each attempt costs ~32 MiB and tens of ms of CPU);',
    'refresh does no password work (an ES256 signature pair and two small database writes).',
    '',
  ];
  process.stdout.write(lines.join('\n'));
  const bad = refreshResult.non2xx + loginResult.non2xx;
  if (bad > 0) log(`warning: ${bad} non-2xx answers during the runs`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  process.stderr.write(`[bench] failed: ${err.stack ?? err}\n`);
  exitCode = 1;
} finally {
  for (const stop of stoppers.reverse())
    await Promise.resolve()
      .then(stop)
      .catch(() => {});
}
process.exit(exitCode);
