// The built bundle (dist/main.js) as a real process: configuration checks at start-up (exit 78
// naming the variable), a full start with JSON logs, SIGTERM.
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
import { listeningSocketsOf } from '../../../infra/local/lib/listening.mjs';

jest.setTimeout(60_000);

describe('auth bundle', () => {
  let bundle: ServiceBundle;
  const dbName = testDatabaseName(__filename);
  const base = () => ({ MONGODB_URI: process.env.MONGODB_URI ?? '', REDIS_URL: process.env.REDIS_URL ?? '', MONGODB_DB: dbName });

  beforeAll(() => {
    bundle = buildServiceBundle('auth');
  });
  afterAll(async () => {
    bundle?.remove();
    await dropDatabase(process.env.MONGODB_URI ?? '', dbName);
  });

  it('exits 78 naming MONGODB_URI when it is missing', async () => {
    const { MONGODB_URI: _omitted, ...env } = base();
    const result = await runNode(bundle.entry('main'), env);
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('MONGODB_URI: required');
  });

  it.each([
    ['PORT', 'abc'],
    ['SMTP_URL', 'mail.example.org'],
    ['LOG_LEVEL', 'chatty'],
    ['JWT_PRIVATE_KEYS', '[{"kty":"EC"}]'],
    ['SECOND_FACTOR_KEYS', 'k1:dG9vLXNob3J0'],
    ['THROTTLE_LOGIN_IP', 'lots'],
    ['TRUST_PROXY', 'everyone'],
    ['ACCESS_TOKEN_TTL', 'forever'],
    ['HOST', 'everywhere'],
  ])('exits 78 naming %s=%s', async (name, value) => {
    const result = await runNode(bundle.entry('main'), { ...base(), [name]: value });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${name}: expected`);
  });

  it('exits 78 naming JWT_PRIVATE_KEYS when it is missing in production', async () => {
    const result = await runNode(bundle.entry('main'), { ...base(), NODE_ENV: 'production' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('JWT_PRIVATE_KEYS: required in production');
    expect(result.stderr).toContain('SECOND_FACTOR_KEYS: required in production');
    expect(result.stderr).toContain('SECURITY_LOG_KEY: required in production');
    // Issue #41: no plain connection in production (the local stores are plain), no mail in clear.
    expect(result.stderr).toContain('MONGODB_URI: must use TLS in production');
    expect(result.stderr).toContain('REDIS_URL: must use TLS in production (rediss://)');
    expect(result.stderr).toContain('SMTP_REQUIRE_TLS: must be true in production');
  });

  it('exits 78 naming REDIS_TLS_CA_FILE when the CA file cannot be read', async () => {
    const redisUrl = (process.env.REDIS_URL ?? '').replace(/^redis:/, 'rediss:');
    const result = await runNode(bundle.entry('main'), { ...base(), REDIS_URL: redisUrl, REDIS_TLS_CA_FILE: '/nowhere/ca.crt' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('REDIS_TLS_CA_FILE: expected a readable PEM CA file: cannot read /nowhere/ca.crt (ENOENT)');
  });

  it('exits 78 when only half of the Google client is configured', async () => {
    const result = await runNode(bundle.entry('main'), { ...base(), GOOGLE_CLIENT_ID: 'id-only' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('GOOGLE_CLIENT_SECRET: expected both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  });

  it('starts, answers /auth/health, logs JSON lines and stops on SIGTERM; with HOST=127.0.0.1 it listens on loopback only', async () => {
    const port = await freePort();
    const auth = startNode(bundle.entry('main'), { ...base(), PORT: String(port), HOST: '127.0.0.1' });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/readyz`, { alive: () => auth.child.exitCode === null });
      expect(listeningSocketsOf(auth.child.pid as number).map((s) => `${s.address}:${s.port}`)).toEqual([`127.0.0.1:${port}`]);
      const { json: health } = await checkedFetch(`http://127.0.0.1:${port}/auth/health`);
      expect(health).toMatchObject({ service: 'auth', status: 'ok' });
    } finally {
      const result = await auth.stop('SIGTERM');
      expect(result.signal === 'SIGTERM' || result.code === 0).toBe(true);
      for (const line of result.stdout.trim().split('\n')) expect(JSON.parse(line)).toHaveProperty('level');
    }
  });
});
