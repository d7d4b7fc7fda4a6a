// Redis for BullMQ, throttling and caches: REDIS_URL from the environment, else Debian's
// redis-server (installed with apt when we are root and it is missing), with AOF on and
// `maxmemory-policy noeviction`, as BullMQ requires.
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './paths.mjs';
import { startProcess } from './proc.mjs';
import { waitForPort } from './ports.mjs';
import { ensureAptPackage } from './apt.mjs';

export function ensureRedisServer({ log = console.log } = {}) {
  try {
    return ensureAptPackage('redis-server', 'redis-server', { log });
  } catch (err) {
    throw new Error(`${err.message} Or set REDIS_URL to a Redis 7 server.`, { cause: err });
  }
}

export async function startRedis({
  port,
  dataDir = path.join(DATA_DIR, 'redis'),
  persist = true,
  logFile,
  useEnv = true,
  log = console.log,
}) {
  if (useEnv && process.env.REDIS_URL) {
    return { url: process.env.REDIS_URL, kind: 'external (REDIS_URL)', stop: async () => {} };
  }
  const bin = ensureRedisServer({ log });
  fs.mkdirSync(dataDir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dataDir,
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
    '--appendonly',
    persist ? 'yes' : 'no',
    '--daemonize',
    'no',
    '--protected-mode',
    'yes',
  ];
  const proc = startProcess({ name: 'redis', command: bin, args, logFile });
  try {
    await waitForPort(port, { what: 'redis-server', timeoutMs: 15_000 });
  } catch (err) {
    await proc.stop();
    throw new Error(`${err.message}\n${proc.tail()}`, { cause: err });
  }
  return { url: `redis://127.0.0.1:${port}`, kind: 'redis-server', stop: () => proc.stop(), proc };
}
