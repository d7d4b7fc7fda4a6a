// The built bundles (dist/main.js, worker.js, seed.js, migrate.js) as real processes: configuration checks at
// start-up (exit 78 naming the variable), a database that is not there, a full start, SIGTERM.
import {
  buildServiceBundle,
  checkedFetch,
  dropDatabase,
  freePort,
  runNode,
  type ServiceBundle,
  startNode,
  testDatabaseName,
  waitForStatus,
} from '@pupitre/server-kit/testing';
import { createCommandConnection } from '@pupitre/server-kit';
import { MongoClient } from 'mongodb';

jest.setTimeout(60_000);

describe('rating bundles', () => {
  let bundle: ServiceBundle;
  const dbName = testDatabaseName(__filename);
  const base = () => ({
    MONGODB_URI: process.env.MONGODB_URI ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    MONGODB_DB: dbName,
    QUEUE_PREFIX: `it-${process.pid}-startup`,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/auth/.well-known/jwks.json',
  });

  beforeAll(() => {
    bundle = buildServiceBundle('rating');
  });
  afterAll(async () => {
    bundle?.remove();
    await dropDatabase(process.env.MONGODB_URI ?? '', dbName);
  });

  describe.each(['main', 'worker', 'seed', 'migrate'])('%s.js', (entry) => {
    it('exits 78 naming MONGODB_URI when it is missing', async () => {
      const { MONGODB_URI: _omitted, ...env } = base();
      const result = await runNode(bundle.entry(entry), env);
      expect(result.code).toBe(78);
      expect(result.stderr).toMatch(/MONGODB_URI: required/);
    });
  });

  it('main.js exits 78 naming AUTH_JWKS_URL when it is missing; the worker does not need it', async () => {
    const { AUTH_JWKS_URL: _omitted, ...env } = base();
    const result = await runNode(bundle.entry('main'), env);
    expect(result.code).toBe(78);
    expect(result.stderr).toMatch(/AUTH_JWKS_URL: required/);
  });

  it.each([
    ['main', 'AUTH_JWKS_URL', 'not a url'],
    ['main', 'REPORT_HIDE_THRESHOLD', '0'],
    ['worker', 'RECONCILE_GRACE', 'later'],
    ['main', 'PORT', 'abc'],
    ['main', 'REVIEW_VALIDATION_DELAY', 'soon'],
    ['main', 'RANKING_MIN_REVIEWS', '-2'],
    ['worker', 'PORT', '99999'],
    ['main', 'REDIS_URL', 'localhost:6379'],
  ])('%s.js exits 78 naming %s=%s', async (entry, name, value) => {
    const result = await runNode(bundle.entry(entry), { ...base(), [name]: value });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${name}: expected`);
    expect(result.stderr).toContain(JSON.stringify(value));
  });

  it('main.js fails within seconds with a clear message when the database is not there', async () => {
    const started = Date.now();
    const result = await runNode(
      bundle.entry('main'),
      { ...base(), MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/`, PORT: String(await freePort()) },
      40_000,
    );
    expect(result.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.stdout).toMatch(/"level":"fatal".*database unreachable/);
  });

  it('seed.js then main.js serve the demo ranking, logging JSON lines, and stop on SIGTERM', async () => {
    const seeded = await runNode(bundle.entry('seed'), base());
    expect(seeded.code).toBe(0);
    expect(JSON.parse(seeded.stdout.trim())).toMatchObject({ level: 'info', msg: 'demo data in place', teachersAdded: 60 });

    const port = await freePort();
    const api = startNode(bundle.entry('main'), { ...base(), PORT: String(port) });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/readyz`, { alive: () => api.child.exitCode === null });
      const ranking = (await checkedFetch(`http://127.0.0.1:${port}/api/teachers/ranking`)).json as unknown[];
      expect(ranking.length).toBeGreaterThanOrEqual(18);
      // Its Redis connections, by use: one for every command (rate limits, session checks, abuse counters), one probe.
      const redis = createCommandConnection(process.env.REDIS_URL ?? '');
      try {
        const held: Record<string, number> = {};
        for (const line of ((await redis.client('LIST')) as string).split('\n')) {
          const [, use, pid] = /\bname=(\w+):(\d+)\b/.exec(line) ?? [];
          if (pid === String(api.child.pid)) held[use] = (held[use] ?? 0) + 1;
        }
        expect(held).toMatchObject({ commands: 1, probe: 1 });
      } finally {
        redis.disconnect();
      }
    } finally {
      const result = await api.stop('SIGTERM');
      expect(result.signal === 'SIGTERM' || result.code === 0).toBe(true);
      const lines = result.stdout.trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((l) => l.includes(`listening on http://0.0.0.0:${port}`))).toBe(true);
    }
  });

  it('worker.js serves its probes and drains on SIGTERM', async () => {
    const port = await freePort();
    const { AUTH_JWKS_URL: _unused, ...workerEnv } = base();
    const worker = startNode(bundle.entry('worker'), { ...workerEnv, PORT: String(port) });
    await waitForStatus(`http://127.0.0.1:${port}/readyz`, { alive: () => worker.child.exitCode === null });
    const result = await worker.stop('SIGTERM');
    expect(result.signal === 'SIGTERM' || result.code === 0).toBe(true);
    expect(result.stdout).toContain('consuming review-publication');
    expect(result.stdout).toContain('draining');
  });

  it('main.js on a database behind the release starts at once and says so; migrate.js brings it current, once', async () => {
    const client = await MongoClient.connect(base().MONGODB_URI);
    const docs = client.db(dbName).collection<{ _id: string }>('migrations');
    try {
      await docs.deleteOne({ _id: 'teacher-key-v1' });
      const port = await freePort();
      const api = startNode(bundle.entry('main'), { ...base(), PORT: String(port) });
      await waitForStatus(`http://127.0.0.1:${port}/readyz`, { alive: () => api.child.exitCode === null });
      const stopped = await api.stop('SIGTERM');
      expect(stopped.stdout).toMatch(/the database is behind this release.*teacher-key-v1/);
      expect(await docs.findOne({ _id: 'teacher-key-v1' })).toBeNull(); // the API never migrates

      const migrated = await runNode(bundle.entry('migrate'), base());
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toContain('database current');
      expect(await docs.findOne({ _id: 'teacher-key-v1' })).not.toBeNull();
      const again = await runNode(bundle.entry('migrate'), base());
      expect(again.code).toBe(0);
      expect(again.stdout).not.toContain('teachers have their unique key');
    } finally {
      await client.close();
    }
  });
});
