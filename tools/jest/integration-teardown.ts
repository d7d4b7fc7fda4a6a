import fs from 'node:fs';
import path from 'node:path';
import { contractRows } from '../../libs/contracts/src/endpoints';
import { missingContractRows } from './contract-coverage';

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
  if (hitsFile && fs.existsSync(hitsFile)) {
    const kept = path.join(globalConfig.rootDir, 'artifacts/contract-hits.txt');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(hitsFile, kept);
  }
  fs.rmSync(it.dir, { recursive: true, force: true });
  const total = contractRows().length;
  process.stdout.write(`\n[integration] contract coverage: ${total - missing.length}/${total} (endpoint, status) rows of api-contract.md hit\n`);
  if (whole && missing.length) {
    throw new Error(`contract coverage: no integration test hit these rows of api-contract.md (method, path, status):\n  ${missing.join('\n  ')}`);
  }
}
