import fs from 'node:fs';
import path from 'node:path';
import { contractRows } from '../../libs/contracts/src/endpoints';
import { missingContractRows } from './contract-coverage';
import { checkDatabaseTrace } from './db-trace/run-check';
import { auditPrivacy } from '../../libs/server-kit/src/testing/privacy-audit';

interface Started {
  mail: { stop(): Promise<void> };
  redis: { stop(): Promise<void> };
  mongo: { stop(): Promise<void> };
  dir: string;
}
interface RunConfig {
  rootDir: string;
  testPathPatterns?: { patterns?: string[] };
  testNamePattern?: string;
  onlyChanged?: boolean;
}

export default async function teardown(globalConfig: RunConfig) {
  const it = (globalThis as { __PUPITRE_IT__?: Started }).__PUPITRE_IT__;
  if (!it) return;
  await Promise.allSettled([it.mail.stop(), it.redis.stop(), it.mongo.stop()]);
  const hitsFile = process.env.CONTRACT_HITS_FILE;
  // Only a run of the whole integration suite must cover the contract (not `jest some/file`).
  const whole = !globalConfig.testPathPatterns?.patterns?.length && !globalConfig.testNamePattern && !globalConfig.onlyChanged;
  const missing = hitsFile ? missingContractRows(hitsFile) : [];
  if (whole && hitsFile && fs.existsSync(hitsFile)) {
    const kept = path.join(globalConfig.rootDir, 'artifacts/contract-hits.txt');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(hitsFile, kept);
  }
  const log = (line: string) => process.stdout.write(`[integration] ${line}\n`);
  // Production speed by construction: every query served by a declared index, every endpoint within its budget.
  const traceDir = process.env.DB_TRACE_DIR;
  const traceProblems = traceDir ? checkDatabaseTrace(globalConfig.rootDir, traceDir, log) : [];
  // Anonymity: no author's account id or e-mail next to a review id in a moderation answer or a log line (any run, whole or not).
  const privacyDir = process.env.PRIVACY_AUDIT_DIR;
  const privacy = privacyDir ? auditPrivacy(privacyDir) : null;
  if (privacy)
    log(
      `privacy audit: ${privacy.logLines} log lines, ${privacy.answers} moderation answers, ${privacy.accounts} authors, reporters and voters: ${privacy.problems.length ? `${privacy.problems.length} problem(s)` : 'no account id, e-mail or client address next to a review id, no review id above debug'}`,
    );
  fs.rmSync(it.dir, { recursive: true, force: true });
  const total = contractRows().length;
  process.stdout.write(
    `\n[integration] contract coverage: ${total - missing.length}/${total} (endpoint, status) rows of api-contract.md hit\n`,
  );
  const failures = [
    ...(whole && missing.length
      ? [`contract coverage: no integration test hit these rows of api-contract.md (method, path, status):\n  ${missing.join('\n  ')}`]
      : []),
    ...(privacy?.problems.length
      ? [
          `privacy audit (docs/threat-model.md): an account id or an e-mail next to a review id:\n  ${privacy.problems.slice(0, 50).join('\n  ')}`,
        ]
      : []),
    ...(whole && traceProblems.length
      ? [`database trace (docs/services/database-trace.md, "Database operations per request"):\n  ${traceProblems.join('\n  ')}`]
      : []),
  ];
  if (failures.length) {
    // Also in the file `npm test`'s summary prints (scripts/run-checks.mjs): jest writes no report when this throws.
    const failuresFile = process.env.INTEGRATION_FAILURES_FILE;
    if (failuresFile) {
      fs.mkdirSync(path.dirname(failuresFile), { recursive: true });
      fs.writeFileSync(failuresFile, `${failures.join('\n')}\n`);
    }
    throw new Error(failures.join('\n'));
  }
}
