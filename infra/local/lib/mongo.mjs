// The MongoDB-compatible database of the local stack and the tests. Order of preference:
// MONGODB_URI from the environment, a `mongod` on PATH, else DocumentDB (documentdb.mjs; ADR 0010),
// built once per machine from pinned source archives.
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './paths.mjs';
import { startProcess } from './proc.mjs';
import { waitForPort } from './ports.mjs';
import { which } from './which.mjs';
import { documentdbUri, ensureDocumentDB, startDocumentDB } from './documentdb.mjs';

/** Makes sure a database can be started (builds DocumentDB on first use), unless one is given. */
export function ensureDatabase({ log = console.log } = {}) {
  if (process.env.MONGODB_URI || which('mongod')) return;
  ensureDocumentDB({ log });
}

/** The address the database of `dataDir` will have on `port` once started (its credentials included). */
export function databaseUri({ port, dataDir }) {
  return which('mongod') ? `mongodb://127.0.0.1:${port}/` : documentdbUri(port, dataDir);
}

/**
 * Starts (or finds) the database. Returns { uri, kind, stop }. `uri` has no database name:
 * each service picks its own (pupitre_auth, pupitre_rating), each test file its own.
 * `testing: true` is for throwaway test databases (see documentdb.mjs).
 */
export async function startMongo({
  port,
  dataDir = path.join(DATA_DIR, 'db'),
  logFile,
  useEnv = true,
  testing = false,
  log = console.log,
}) {
  if (useEnv && process.env.MONGODB_URI) {
    return { uri: process.env.MONGODB_URI, kind: 'external (MONGODB_URI)', stop: async () => {} };
  }
  const mongod = which('mongod');
  if (!mongod) return startDocumentDB({ port, dataDir, logFile, testing, log });
  fs.mkdirSync(dataDir, { recursive: true });
  const proc = startProcess({
    name: 'mongod',
    command: mongod,
    args: ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dataDir, '--quiet'],
    logFile,
  });
  try {
    await waitForPort(port, { what: 'mongod', timeoutMs: 30_000 });
  } catch (err) {
    await proc.stop();
    throw new Error(`${err.message}\n${proc.tail()}`, { cause: err });
  }
  return { uri: `mongodb://127.0.0.1:${port}/`, kind: 'mongod', stop: () => proc.stop(), proc };
}
