// DocumentDB, the local MongoDB-compatible database (ADR 0010): PostgreSQL 15 with the
// pg_documentdb extensions, and DocumentDB's gateway speaking the MongoDB wire protocol on
// 127.0.0.1. Built once per machine from pinned source archives (../documentdb/build.sh); each data
// folder holds its own PostgreSQL cluster and a generated password, reused on the next start.
//
//   <dataDir>/pg                the PostgreSQL cluster (owned by `postgres` when we are root)
//   <dataDir>/gateway/          the gateway's configuration and its (unused, required) certificate
//   <dataDir>/credentials.json  the generated MongoDB user and password (mode 600)
// PostgreSQL listens on no TCP port at all: only on a Unix socket in a private folder, which the
// gateway and the extension's own connections back to itself use.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { startProcess } from './proc.mjs';
import { waitForPort } from './ports.mjs';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const GATEWAY = '/usr/local/bin/documentdb_gateway';
const STAMP = '/usr/local/share/pupitre/documentdb.stamp';
const BUILD_DIR = path.join(ROOT, 'infra/local/documentdb');
const DB_USER = 'pupitre'; // names starting with documentdb, pg or citus are refused

/** The pins the installed build must match: build.sh's revision and the archives' checksums. */
function wantedStamp() {
  const script = fs.readFileSync(path.join(BUILD_DIR, 'build.sh'), 'utf8');
  const revision = /^REVISION=(\d+)$/m.exec(script)?.[1];
  return `revision ${revision}\n${fs.readFileSync(path.join(BUILD_DIR, 'SHA256SUMS'), 'utf8').trimEnd()}`;
}

/**
 * The MongoDB user and password of a data folder (`credentials.json`), generated the first time
 * (so a test can know the address before the server starts) and reused after.
 */
export function documentdbCredentials(dataDir) {
  const file = path.join(dataDir, 'credentials.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const credentials = { user: DB_USER, password: randomBytes(18).toString('base64url') };
    fs.writeFileSync(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
    return credentials;
  }
}

/** The connection string of the gateway on 127.0.0.1:`port` for a data folder (no database name). */
export function documentdbUri(port, dataDir) {
  const { user, password } = documentdbCredentials(dataDir);
  return `mongodb://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/?authMechanism=SCRAM-SHA-256&authSource=admin&directConnection=true`;
}

/** Whether DocumentDB is installed from the current pins. */
export function documentdbInstalled() {
  try {
    return fs.readFileSync(STAMP, 'utf8').trimEnd() === wantedStamp() && fs.existsSync(GATEWAY);
  } catch {
    return false;
  }
}

/**
 * Builds and installs DocumentDB when it is missing or its pins changed (about 4 minutes on 2
 * cores, once per machine), with the build's progress on stdout. Needs root.
 */
export function ensureDocumentDB({ log = console.log } = {}) {
  if (documentdbInstalled()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'No database available: MONGODB_URI is not set, no `mongod` is on PATH, and DocumentDB is not installed.\n' +
        'Install it once with `sudo npm run db:install` (builds it from the pinned archives, about 4 minutes), or point MONGODB_URI at a MongoDB 7+ server.',
    );
  }
  log('DocumentDB (the local MongoDB) is not built on this machine yet: building it once…');
  execFileSync('bash', [path.join(BUILD_DIR, 'build.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Who runs PostgreSQL and the gateway: `postgres` when we are root (PostgreSQL refuses root), else us. */
function serverAccount() {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username, spawn: {} };
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { name: 'postgres', uid: id('-u'), gid: id('-g'), spawn: { uid: id('-u'), gid: id('-g') } };
}

/** As root, hands `dir` to the server account and lets it traverse every folder above it (x only). */
function shareWith(account, dir, log) {
  if (account.uid === undefined) return;
  fs.chownSync(dir, account.uid, account.gid);
  for (let up = path.dirname(dir); up !== path.dirname(up); up = path.dirname(up)) {
    const mode = fs.statSync(up).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(up, mode | 0o001);
      log(`gave other users traversal (x, not read) on ${up} so PostgreSQL, running as postgres, reaches its data`);
    }
  }
}

/** Runs a command as the server account and returns its output. */
function runAs(account, command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...account.spawn, ...options });
}

/** The Unix socket folder: short (socket paths are limited to ~100 bytes), private, one per data folder. */
function socketDir(dataDir, account) {
  const dir = path.join(os.tmpdir(), `pupitre-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (account.uid !== undefined) fs.chownSync(dir, account.uid, account.gid);
  return dir;
}

function initCluster({ pgDir, sockets, account, testing, log }) {
  log('creating the database cluster (first start of this data folder)…');
  const initLog = path.join(path.dirname(pgDir), 'initdb.log');
  try {
    runAs(account, path.join(PG_BIN, 'initdb'), [
      '-D',
      pgDir,
      '-U',
      account.name,
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--auth-local=trust',
      '--auth-host=reject',
    ]);
  } catch (err) {
    fs.writeFileSync(initLog, `${err.stdout ?? ''}${err.stderr ?? ''}`);
    throw new Error(
      `initdb failed (see ${initLog}): ${String(err.stderr ?? err.message)
        .trim()
        .split('\n')
        .pop()}`,
      { cause: err },
    );
  }
  fs.appendFileSync(
    path.join(pgDir, 'postgresql.conf'),
    `
# --- Pupitre's local DocumentDB (infra/local/lib/documentdb.mjs) ---
listen_addresses = ''                 # no TCP: the gateway connects through the Unix socket
unix_socket_directories = '${sockets}'
unix_socket_permissions = 0700
max_connections = 300
shared_preload_libraries = 'pg_cron, pg_documentdb_core, pg_documentdb'
documentdb.localhost_connection_string = 'host=${sockets}'   # the extension's connections back to itself
documentdb.enableBackgroundWorker = 'true'
documentdb.enableBackgroundWorkerJobs = 'true'
documentdb.indexBuildScheduleInSec = 1 # index builds are queued for a cron job: run it every second, not every 2
# Indexes as ordered (composite) terms, one per document, as MongoDB's B-trees, not one RUM posting per path: a unique compound
# index then checks a key, not the posting lists of each of its fields (a review write cost 7.5 ms of CPU at 60,000 reviews, 4.5)
documentdb.defaultUseCompositeOpClass = on
cron.database_name = 'postgres'
cron.host = '${sockets}'               # pg_cron runs DocumentDB's jobs (index builds, TTL) through the socket too
cron.log_statement = off              # DocumentDB schedules a job every 2 s: keep the log quiet
cron.log_run = off                    # ...and cron.job_run_details from growing forever
ssl = off
${testing ? TESTING_SETTINGS : ''}`,
  );
}

/**
 * A throwaway test cluster: no flush to disk (a crash of the machine may lose it; a kill -9 of
 * PostgreSQL loses nothing acknowledged; full_page_writes stays on: without it a RUM index was left
 * looping after crash recovery, an update spinning in rumFindLeafPage). Sequential scans only when
 * no index can serve the filter: a test database's collections are tiny, and PostgreSQL would read
 * them whole where MongoDB, and this database at scale, use the index; the suite's plan check
 * (libs/server-kit/src/tracing/query-plan.ts) then sees the plan a large collection gets.
 */
const TESTING_SETTINGS = `
fsync = off
enable_seqscan = off
`;

/** A PostgreSQL already runs on this data folder (another stack, or one a crashed run left): say so rather than share it. */
function refuseIfRunning(pgDir, dataDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
  } catch {
    return; // no pid file, or its process is gone (a crash): PostgreSQL starts and recovers
  }
  throw new Error(
    `the database in ${dataDir} is already running (PostgreSQL pid ${pid}): another \`npm start\` or test run uses it, ` +
      `or a run that crashed left it behind. Stop that run, or the server (\`kill ${pid}\`; its gateway too), and try again.`,
  );
}

/** The rows of a query run as the superuser of the cluster of `dataDir` (started by startDocumentDB), tab-separated: the bench
 * reads PostgreSQL's counters with it (what each collection's table answered). */
export function documentdbQuery(dataDir, sql) {
  const account = serverAccount();
  const args = ['-X', '-q', '-A', '-t', '-F', '\t', '-h', socketDir(dataDir, account), '-U', account.name, '-d', 'postgres', '-c', sql];
  return runAs(account, path.join(PG_BIN, 'psql'), args)
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
}

/** Runs one SQL statement as the cluster's superuser, through the socket. */
const psql = (account, sockets, sql) =>
  runAs(account, path.join(PG_BIN, 'psql'), [
    '-X',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    sockets,
    '-U',
    account.name,
    '-d',
    'postgres',
    '-c',
    sql,
  ]);

/** Waits for PostgreSQL to accept connections on its socket (pg_isready), or for it to die. */
async function waitForPostgres({ sockets, account, proc, timeoutMs = 60_000 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.alive) throw new Error(`PostgreSQL exited while starting:\n${proc.tail()}`);
    try {
      runAs(account, path.join(PG_BIN, 'pg_isready'), ['-q', '-h', sockets, '-d', 'postgres', '-U', account.name]);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms:\n${proc.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The PIDs of a process's children (PostgreSQL's backends and workers), from /proc. */
function childrenOf(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * The database as one process, for tests that crash, pause and stop it (services/rating/src/faults):
 * SIGSTOP/SIGCONT pause the gateway (every client's way in), SIGKILL kills the gateway, the
 * postmaster and its backends at once (a crash), SIGTERM stops both cleanly.
 */
function asOneProcess(postgres, gateway) {
  const signal = (sig) => {
    if (sig === 'SIGSTOP' || sig === 'SIGCONT') return gateway.child.kill(sig);
    if (sig === 'SIGKILL') {
      const pids = postgres.alive ? childrenOf(postgres.child.pid) : [];
      gateway.child.kill(sig);
      postgres.child.kill(sig);
      for (const pid of pids) {
        try {
          process.kill(pid, sig);
        } catch {
          // already gone
        }
      }
      return true;
    }
    gateway.child.kill(sig);
    return postgres.child.kill(sig === 'SIGTERM' ? 'SIGINT' : sig);
  };
  return {
    child: { pid: gateway.child.pid, kill: signal },
    get alive() {
      return postgres.alive || gateway.alive;
    },
    exited: Promise.all([postgres.exited, gateway.exited]),
    tail: () => `${postgres.tail()}\n${gateway.tail()}`,
  };
}

/**
 * Starts PostgreSQL and the gateway for `dataDir` (created on first use), the gateway on
 * 127.0.0.1:`port`. Returns { uri, kind, stop }; `uri` carries the generated credentials and no
 * database name. `testing: true` makes a throwaway test cluster (TESTING_SETTINGS).
 */
export async function startDocumentDB({ port, dataDir, logFile, testing = false, log = console.log }) {
  ensureDocumentDB({ log });
  const account = serverAccount();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const credentials = documentdbCredentials(dataDir);
  shareWith(account, dataDir, log);
  const pgDir = path.join(dataDir, 'pg');
  const gwDir = path.join(dataDir, 'gateway');
  const sockets = socketDir(dataDir, account);
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    initCluster({ pgDir, sockets, account, testing, log });
  } else {
    // The socket folder is in /tmp, which a reboot empties, and its name follows the data folder.
    const conf = path.join(pgDir, 'postgresql.conf');
    const text = fs.readFileSync(conf, 'utf8');
    const next = text
      .replace(/^unix_socket_directories = '[^']*'/m, `unix_socket_directories = '${sockets}'`)
      .replace(/^documentdb\.localhost_connection_string = 'host=[^']*'/m, `documentdb.localhost_connection_string = 'host=${sockets}'`)
      .replace(/^cron\.host = '[^']*'/m, `cron.host = '${sockets}'`);
    // A cluster made before ordered indexes: its next indexes are ordered too (those it has stay as they are).
    const ordered = /^documentdb\.defaultUseCompositeOpClass/m.test(next) ? '' : 'documentdb.defaultUseCompositeOpClass = on\n';
    if (next + ordered !== text) fs.writeFileSync(conf, next + ordered);
  }

  refuseIfRunning(pgDir, dataDir);
  const postgres = startProcess({
    name: 'postgres',
    command: path.join(PG_BIN, 'postgres'),
    args: ['-D', pgDir],
    logFile: logFile && logFile.replace(/(\.log)?$/, '.postgres.log'),
    spawnOptions: account.spawn,
    stopSignal: 'SIGINT', // PostgreSQL's fast shutdown: rolls back open transactions, then checkpoints
  });
  const stops = [() => postgres.stop(30_000)];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    await waitForPostgres({ sockets, account, proc: postgres });
    if (fresh) {
      const sql = (statement) => psql(account, sockets, statement);
      sql('CREATE EXTENSION documentdb CASCADE;');
      sql(`CREATE ROLE "${credentials.user}" WITH LOGIN INHERIT PASSWORD '${credentials.password}' IN ROLE documentdb_admin_role;`);
      sql(`ALTER ROLE "${credentials.user}" CREATEROLE;`);
      sql(`GRANT "${credentials.user}" TO "${account.name}" WITH ADMIN OPTION;`);
    }

    fs.mkdirSync(gwDir, { recursive: true });
    if (!fs.existsSync(path.join(gwDir, 'cert.pem'))) {
      // The gateway refuses to start without a certificate, even with TLS off (it listens on loopback only).
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '3650',
          '-subj',
          '/CN=localhost',
          '-keyout',
          path.join(gwDir, 'key.pem'),
          '-out',
          path.join(gwDir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    }
    fs.writeFileSync(
      path.join(gwDir, 'SetupConfiguration.json'),
      `${JSON.stringify(
        {
          NodeHostName: 'localhost',
          BlockedRolePrefixes: ['documentdb', 'citus', 'pg', 'internal_role'],
          PostgresHostName: sockets,
          PostgresPort: 5432,
          PostgresSystemUser: account.name,
          GatewayListenPort: port,
          UseLocalHost: true,
          EnforceSslTcp: false,
          TransactionTimeoutSecs: 30,
          CursorTimeoutSecs: 600,
          PostgresCommandTimeoutSecs: 120,
          CertificateOptions: { CertType: 'PemFile', FilePath: path.join(gwDir, 'cert.pem'), KeyFilePath: path.join(gwDir, 'key.pem') },
        },
        null,
        2,
      )}\n`,
    );
    if (account.uid !== undefined)
      for (const f of ['', 'cert.pem', 'key.pem', 'SetupConfiguration.json']) fs.chownSync(path.join(gwDir, f), account.uid, account.gid);

    const gateway = startProcess({
      name: 'documentdb-gateway',
      command: GATEWAY,
      args: [path.join(gwDir, 'SetupConfiguration.json')],
      cwd: gwDir,
      logFile: logFile && logFile.replace(/(\.log)?$/, '.gateway.log'),
      spawnOptions: account.spawn,
    });
    stops.push(() => gateway.stop(10_000));
    await waitForPort(port, { what: 'the DocumentDB gateway', timeoutMs: 60_000 }).catch((err) => {
      throw new Error(`${err.message}\n${gateway.tail()}`, { cause: err });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!gateway.alive) throw new Error(`the DocumentDB gateway exited (is port ${port} taken by another program?):\n${gateway.tail()}`);
    return {
      uri: documentdbUri(port, dataDir),
      kind: 'DocumentDB (PostgreSQL 15)',
      stop,
      proc: asOneProcess(postgres, gateway),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
