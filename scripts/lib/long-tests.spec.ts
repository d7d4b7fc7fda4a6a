import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LONG_FILES, longTestsOutput, startLongTests } from './long-tests.mjs';

// A stand-in for jest's binary: prints its arguments, writes the JSON report jest would, a teardown failure when asked,
// and exits with the code the report implies.
const FAKE_JEST = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
console.log('args ' + JSON.stringify(args));
console.error('[redis outage] minute 1 of 10');
const failed = process.env.FAKE_FAILED === '1';
fs.writeFileSync(args[args.indexOf('--outputFile') + 1], JSON.stringify({
  numPassedTests: failed ? 0 : 1, numFailedTests: failed ? 1 : 0, numPendingTests: 0,
  testResults: [{ name: process.cwd() + '/services/x.long.int.spec.ts', status: failed ? 'failed' : 'passed',
    assertionResults: [{ status: failed ? 'failed' : 'passed', fullName: 'outage keeps every write' }] }],
}));
if (process.env.FAKE_TEARDOWN) fs.writeFileSync(process.env.INTEGRATION_FAILURES_FILE, process.env.FAKE_TEARDOWN + '\\n');
process.exit(failed ? 1 : 0);
`;

function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'long-tests-spec-'));
  const artifacts = path.join(root, 'artifacts');
  fs.mkdirSync(artifacts);
  const jest = path.join(root, 'fake-jest');
  fs.writeFileSync(jest, FAKE_JEST, { mode: 0o755 });
  return { root, artifacts, jest };
}

describe('the long integration files, beside the other steps', () => {
  it('runs only the *.long.int.spec.ts files of the integration project, and counts them from its report', async () => {
    const { root, artifacts, jest } = setup();
    const long = startLongTests({ root, jest, env: { ...process.env }, artifacts });
    const r = await long.done;
    expect(r).toMatchObject({ ok: true, counts: { passed: 1, failed: 0, skipped: 0 }, why: [] });
    expect(r.seconds).toBeGreaterThanOrEqual(0);
    expect(r.seconds).toBeLessThan(30);
    const output = longTestsOutput(long.log);
    const args = JSON.parse(output.split('\n')[0].replace(/^args /, '')) as string[];
    expect(args.slice(0, 4)).toEqual(['--selectProjects', 'integration', '--testPathPatterns', LONG_FILES]);
    expect(new RegExp(LONG_FILES).test('services/rating/src/faults/redis-outage.long.int.spec.ts')).toBe(true);
    expect(new RegExp(LONG_FILES).test('services/rating/src/faults/redis-down-publication.int.spec.ts')).toBe(false);
    expect(output).toContain('[redis outage] minute 1 of 10');
  });

  it('names a failed test and a failed teardown check, and fails', async () => {
    const { root, artifacts, jest } = setup();
    const env = { ...process.env, FAKE_FAILED: '1', FAKE_TEARDOWN: 'privacy audit: an e-mail next to a review id' };
    const r = await startLongTests({ root, jest, env, artifacts }).done;
    expect(r.ok).toBe(false);
    expect(r.counts).toMatchObject({ passed: 0, failed: 1 });
    expect(r.why).toEqual(['services/x.long.int.spec.ts › outage keeps every write', 'privacy audit: an e-mail next to a review id']);
  });

  it('fails, saying so, when jest cannot be started', async () => {
    const { root, artifacts } = setup();
    const r = await startLongTests({ root, jest: path.join(root, 'no-such-jest'), env: { ...process.env }, artifacts }).done;
    expect(r.ok).toBe(false);
    expect(r.counts).toBeNull();
    expect(r.why.join('\n')).toMatch(/did not start/);
  });
});
