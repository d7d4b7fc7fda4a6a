// The real rating bundles as separate processes: N APIs and M workers on one database and one
// Redis of the cluster's own (killing them disturbs no other test file), optionally the auth
// service, a token issuer standing in for auth's JWKS, and the demo catalogue. Every process can be
// killed (-9), restarted, paused and resumed (ManagedProcess). Start it in `beforeAll`, `close()` it
// in `afterAll`: it stops whatever it started, even after a failure half-way.
import {
  buildServiceBundle,
  freePort,
  runNode,
  type ServiceBundle,
  startTokenIssuer,
  type TestTokenIssuer,
  waitForStatus,
} from '@pupitre/server-kit/testing';
import { createCommandConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type Db, MongoClient } from 'mongodb';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseUri } from '../../../../infra/local/lib/mongo.mjs';
import { databaseLauncher, nodeLauncher, redisLauncher } from './launchers';
import { ManagedProcess } from './managed-process';
import { eraseUserAsAuthDoes } from './user-events';

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** Also run the auth service (its own bundle) on the cluster's database and Redis. */
  auth?: boolean;
  /** REVIEW_VALIDATION_DELAY of the APIs (default 1500 ms). */
  validationDelayMs?: number;
  apiEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
}

export interface RatingCluster {
  db: ManagedProcess;
  redis: ManagedProcess;
  apis: ManagedProcess[];
  workers: ManagedProcess[];
  auth: ManagedProcess | null;
  apiUrls: string[];
  authUrl: string | null;
  mongoUri: string;
  redisUrl: string;
  dbName: string;
  queuePrefix: string;
  validationDelayMs: number;
  issuer: TestTokenIssuer;
  /** `{Authorization: 'Bearer …'}` for user `sub` (an access token of the stand-in issuer). */
  bearer(sub: string, roles?: ('user' | 'admin')[]): Promise<{ Authorization: string }>;
  /** The next API to send a request to: round robin over the APIs that are running. */
  nextApi(): string;
  /** The cluster's rating database, for the ground truth (reconnects after a database restart). */
  documents(): Db;
  /** FLUSHALL on the cluster's Redis. */
  flushRedis(): Promise<void>;
  /** Deletes an account as the auth service would: sessions ended, `user-erased` queued. */
  eraseUser(userId: string): Promise<void>;
  /** An active account in the auth service (its admin CLI), for logins (needs `auth: true`). */
  createAccount(email: string, password: string): void;
  /** Resolves once every API and worker that runs answers /readyz 200 (after a database or Redis restart). */
  ready(timeoutMs?: number): Promise<void>;
  /** The last lines of every process, to explain a failure. */
  tails(): string;
  close(): Promise<void>;
}

const bundles = new Map<string, ServiceBundle>();
/** Builds a service bundle once per test file (`remove` happens in `close`). */
function bundleOf(service: string): ServiceBundle {
  let bundle = bundles.get(service);
  if (!bundle) {
    bundle = buildServiceBundle(service);
    bundles.set(service, bundle);
  }
  return bundle;
}

export async function startRatingCluster(options: ClusterOptions = {}): Promise<RatingCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-cluster-'));
  const [dbPort, redisPort] = [await freePort(), await freePort()];
  const mongoUri = databaseUri({ port: dbPort, dataDir: path.join(dir, 'db') });
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const dbName = 'pupitre_rating';
  const queuePrefix = 'bull';
  const validationDelayMs = options.validationDelayMs ?? 1500;
  const issuer = await startTokenIssuer();
  let client: MongoClient | undefined;
  let redisClient: Redis | undefined;
  let rr = 0;
  const services = () => [...cluster.apis, ...cluster.workers, ...(cluster.auth ? [cluster.auth] : [])];

  const cluster: RatingCluster = {
    db: new ManagedProcess('database', databaseLauncher(dbPort, dir)),
    redis: new ManagedProcess('redis', redisLauncher(redisPort, dir)),
    apis: [],
    workers: [],
    auth: null,
    apiUrls: [],
    authUrl: null,
    mongoUri,
    redisUrl,
    dbName,
    queuePrefix,
    validationDelayMs,
    issuer,
    async bearer(sub, roles = ['user']) {
      return { Authorization: `Bearer ${await issuer.sign({ sub, roles })}` };
    },
    nextApi() {
      const running = cluster.apiUrls.filter((_, i) => cluster.apis[i].running);
      const pool = running.length ? running : cluster.apiUrls;
      return pool[rr++ % pool.length];
    },
    documents() {
      client ??= new MongoClient(mongoUri, { serverSelectionTimeoutMS: 5000 });
      return client.db(dbName);
    },
    async flushRedis() {
      redisClient ??= createCommandConnection(redisUrl);
      await redisClient.flushall();
    },
    eraseUser: (userId) => eraseUserAsAuthDoes(redisUrl, queuePrefix, userId),
    createAccount(email, password) {
      const env = {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: mongoUri,
        MONGODB_DB: 'pupitre_auth',
        REDIS_URL: redisUrl,
        PASSWORD_SCRYPT_LOG_N: '10',
      };
      execFileSync(process.execPath, [bundleOf('auth').entry('admin'), 'create-admin', email, '--password', password], {
        env,
        stdio: 'pipe',
        timeout: 30_000,
      });
    },
    async ready(timeoutMs = 30_000) {
      const running = services().filter((p) => p.running);
      const results = await Promise.allSettled(running.map((p) => waitForStatus(`${p.url}/readyz`, { timeoutMs })));
      const late = running.flatMap((p, i) => {
        const result = results[i];
        return result.status === 'rejected'
          ? [`${p.name}: ${(result.reason as Error).message}\n--- ${p.name} (pid ${p.pid})\n${p.tail()}`]
          : [];
      });
      // Each process that was not ready, with its last lines: the failure says why, not only that.
      if (late.length) throw new Error(`not ready within ${timeoutMs} ms:\n${late.join('\n')}\n--- database\n${cluster.db.tail()}`);
    },
    tails() {
      return [cluster.db, cluster.redis, ...services()].map((p) => `--- ${p.name} (pid ${p.pid})\n${p.tail()}`).join('\n');
    },
    async close() {
      await Promise.allSettled(services().map((p) => p.stop()));
      redisClient?.disconnect();
      await client?.close().catch(() => undefined);
      await Promise.allSettled([cluster.db.stop(), cluster.redis.stop(), issuer.close()]);
      for (const bundle of bundles.values()) bundle.remove();
      bundles.clear();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await Promise.all([cluster.db.start(), cluster.redis.start()]);
    const common = {
      MONGODB_URI: mongoUri,
      MONGODB_DB: dbName,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      // Development timings: a short validation delay, and a release every half second (public soon after it).
      DEVELOPMENT_TIMINGS: 'true',
      RELEASE_TIMES: 'every 500ms',
      // The clients of a burst all come from 127.0.0.1: limits out of reach (services/security's rate-limit tests).
      RATE_LIMIT_ADDRESS: '1000000/1s',
      RATE_LIMIT_ACCOUNT: '1000000/1s',
    };
    const rating = bundleOf('rating');
    const seeded = await runNode(rating.entry('seed'), common, 60_000);
    if (seeded.code !== 0) throw new Error(`seed.js failed (${seeded.code}): ${seeded.stdout}\n${seeded.stderr}`);
    const apiEnv = {
      ...common,
      AUTH_JWKS_URL: issuer.jwksUrl,
      AUTH_JWKS_COOLDOWN: '0',
      REVIEW_VALIDATION_DELAY: String(validationDelayMs),
      ...options.apiEnv,
    };
    const workerEnv = { ...common, RECONCILE_INTERVAL: '1s', RECONCILE_GRACE: '1s', ...options.workerEnv };
    for (let i = 0; i < (options.apis ?? 2); i++) {
      const port = await freePort();
      cluster.apis.push(new ManagedProcess(`api-${i + 1}`, nodeLauncher(rating.entry('main'), apiEnv, port), `http://127.0.0.1:${port}`));
      cluster.apiUrls.push(`http://127.0.0.1:${port}`);
    }
    for (let i = 0; i < (options.workers ?? 2); i++) {
      const port = await freePort();
      cluster.workers.push(
        new ManagedProcess(`worker-${i + 1}`, nodeLauncher(rating.entry('worker'), workerEnv, port), `http://127.0.0.1:${port}`),
      );
    }
    if (options.auth) {
      const port = await freePort();
      const authEnv = { ...common, MONGODB_DB: 'pupitre_auth', PUBLIC_URL: `http://127.0.0.1:${port}`, PASSWORD_SCRYPT_LOG_N: '10' };
      cluster.auth = new ManagedProcess('auth', nodeLauncher(bundleOf('auth').entry('main'), authEnv, port), `http://127.0.0.1:${port}`);
      cluster.authUrl = `http://127.0.0.1:${port}`;
    }
    // One API first: it builds the read model of a new database (under a lease), the others find it.
    await cluster.apis[0].start();
    await Promise.all(
      services()
        .slice(1)
        .map((p) => p.start()),
    );
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}

/**
 * The cluster of a `describe`: started before its tests (a few seconds: bundle, seed, processes),
 * closed after them whatever happened. Read `.cluster` inside the tests.
 */
export function useRatingCluster(options: ClusterOptions = {}): { readonly cluster: RatingCluster } {
  let cluster: RatingCluster | undefined;
  beforeAll(async () => {
    cluster = await startRatingCluster(options);
  }, 90_000);
  afterAll(async () => {
    // A 500 fails the test through the contract check; its cause is in the service's log.
    const errors = cluster ? [...cluster.apis, ...cluster.workers].flatMap((p) => p.unexpectedErrors().map((l) => `${p.name}: ${l}`)) : [];
    if (errors.length) process.stderr.write(`unexpected errors logged by the cluster:\n${errors.join('\n')}\n`);
    await cluster?.close();
  });
  return {
    get cluster() {
      if (!cluster) throw new Error('the cluster runs only while the tests of its describe run');
      return cluster;
    },
  };
}
