// The MongoDB-compatible database of the local stack and the tests. Order of preference:
// MONGODB_URI from the environment, a `mongod` on PATH, else FerretDB v1.24.2 on SQLite, built
// once from the Go module in infra/local/ferretdb (the binary lives under .data/, never in git).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT } from './paths.mjs';
import { startProcess } from './proc.mjs';
import { waitForPort } from './ports.mjs';
import { which } from './which.mjs';

const FERRET_SRC = path.join(ROOT, 'infra/local/ferretdb');
export const FERRET_BIN = path.join(DATA_DIR, 'bin/ferretdb');

function newestMtime(dir) {
  return Math.max(...fs.readdirSync(dir).map((f) => fs.statSync(path.join(dir, f)).mtimeMs));
}

/** Builds the FerretDB binary if it is missing or older than its sources. Needs Go. */
export function ensureFerretBinary({ log = console.log } = {}) {
  if (fs.existsSync(FERRET_BIN) && fs.statSync(FERRET_BIN).mtimeMs >= newestMtime(FERRET_SRC)) return FERRET_BIN;
  const go = which('go');
  if (!go) {
    throw new Error(
      'No database available: MONGODB_URI is not set, no `mongod` is on PATH, and Go is missing to build FerretDB.\n' +
        'Install one of them (for example `apt-get install -y golang`, or point MONGODB_URI at a MongoDB 7+ server) and run again.',
    );
  }
  log('building FerretDB v1.24.2 (first run only; downloads Go modules, about a minute)…');
  fs.mkdirSync(path.dirname(FERRET_BIN), { recursive: true });
  execFileSync(go, ['build', '-trimpath', '-o', FERRET_BIN, '.'], {
    cwd: FERRET_SRC,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  return FERRET_BIN;
}

/**
 * Starts (or finds) the database. Returns { uri, kind, stop }. `uri` has no database name:
 * each service picks its own (pupitre_auth, pupitre_rating), each test file its own.
 */
export async function startMongo({ port, dataDir = path.join(DATA_DIR, 'db'), logFile, useEnv = true, log = console.log }) {
  if (useEnv && process.env.MONGODB_URI) {
    return { uri: process.env.MONGODB_URI, kind: 'external (MONGODB_URI)', stop: async () => {} };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const mongod = which('mongod');
  let proc;
  let kind;
  if (mongod) {
    kind = 'mongod';
    proc = startProcess({
      name: 'mongod',
      command: mongod,
      args: ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dataDir, '--quiet'],
      logFile,
    });
  } else {
    kind = 'FerretDB 1.24 (SQLite)';
    const bin = ensureFerretBinary({ log });
    proc = startProcess({
      name: 'ferretdb',
      command: bin,
      args: ['-listen', `127.0.0.1:${port}`, '-data', dataDir, '-log-level', 'error'],
      logFile,
    });
  }
  try {
    await waitForPort(port, { what: kind, timeoutMs: 30_000 });
  } catch (err) {
    await proc.stop();
    throw new Error(`${err.message}\n${proc.tail()}`, { cause: err });
  }
  return { uri: `mongodb://127.0.0.1:${port}/`, kind, stop: () => proc.stop(), proc };
}
