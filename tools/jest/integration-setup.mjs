// Starts the real parts that integration tests talk to, on free ports, once per jest run:
// the database (MONGODB_URI, else mongod, else DocumentDB), Redis and the mail catcher. Their
// addresses reach every test file through process.env; each test file then uses a database
// of its own (see libs/server-kit/src/testing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePortList } from '../../infra/local/lib/ports.mjs';
import { startMongo } from '../../infra/local/lib/mongo.mjs';
import { startRedis } from '../../infra/local/lib/redis.mjs';
import { startMailCatcher } from '../../infra/local/lib/mail.mjs';

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-it-'));
  const log = (m) => process.stdout.write(`\n[integration] ${m}`);
  const [dbPort, redisPort, smtpPort, webPort] = await freePortList(4);
  const mongo = await startMongo({ port: dbPort, dataDir: path.join(dir, 'db'), logFile: path.join(dir, 'db.log'), testing: true, log });
  const redis = await startRedis({
    port: redisPort,
    dataDir: path.join(dir, 'redis'),
    persist: false,
    logFile: path.join(dir, 'redis.log'),
    log,
  });
  const mail = await startMailCatcher({ smtpPort, webPort });
  log(`database: ${mongo.kind} at ${mongo.uri}; redis at ${redis.url}; mail catcher at ${mail.webUrl}\n`);
  process.env.MONGODB_URI = mongo.uri;
  process.env.REDIS_URL = redis.url;
  process.env.SMTP_URL = mail.smtpUrl;
  process.env.MAILCATCHER_URL = mail.webUrl;
  // Every response the tests receive is checked against the contract and recorded here (tools/jest/contract-coverage.ts).
  process.env.CONTRACT_HITS_FILE = path.join(dir, 'contract-hits.txt');
  // The services trace their database commands here (libs/server-kit/src/tracing; checked by the teardown).
  process.env.DB_TRACE_DIR = path.join(dir, 'db-trace');
  // The services copy every log line here, and the tests' request helper the moderation answers and
  // who wrote, reported or voted on each review (tools/jest/privacy-audit.ts, checked by the teardown).
  process.env.PRIVACY_AUDIT_DIR = path.join(dir, 'privacy');
  fs.mkdirSync(process.env.PRIVACY_AUDIT_DIR, { recursive: true });
  globalThis.__PUPITRE_IT__ = { mongo, redis, mail, dir };
}
