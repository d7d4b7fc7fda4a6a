// The body of `npm test` (run on Node 24 by scripts/test.mjs): every check, in order, each timed.
// A failing step does not hide the others: all run, then the summary says what failed.
//   npm test                      every step
//   npm test -- --only unit,e2e   some steps (lint, format, lock, audit, types, unit, build, integration, e2e; with
//                                 integration, its 10-minute files run from the prerequisites on, and end as integration-long)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { ensureDatabase } from '../infra/local/lib/mongo.mjs';
import { ensureRedisServer } from '../infra/local/lib/redis.mjs';
import { ensureAptPackage } from '../infra/local/lib/apt.mjs';
import { ensureChromium } from '../e2e/support/chromium.mjs';
import { buildAll } from '../infra/local/lib/build.mjs';
import { checkLockAcceptedByNpmCi } from './lib/lock-check.mjs';
import { runAudit } from './lib/audit.mjs';
import { jestCounts, jestFailures, playwrightCounts, playwrightFailures, firstLine } from './lib/test-reports.mjs';
import { longTestsOutput, startLongTests } from './lib/long-tests.mjs';

const ART = path.join(ROOT, 'artifacts');
fs.mkdirSync(ART, { recursive: true });
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const only = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? new Set(process.argv[i + 1].split(',')) : null;
})();

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.CI ? '0' : '1' };
const runWith = (extra, cmd, args) => spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...env, ...extra } }).status === 0;
const run = (cmd, args) => runWith({}, cmd, args);
/** The run of the files that take minutes, once started (scripts/lib/long-tests.mjs). */
let long = null;
process.once('SIGINT', () => {
  long?.stop();
  process.exit(130);
});

/** The integration run's checks after the last test (tools/jest/integration-teardown.ts), when they failed. */
const TEARDOWN_FAILURES = path.join(ART, 'integration-teardown-failures.txt');
env.INTEGRATION_FAILURES_FILE = TEARDOWN_FAILURES;
function teardownFailures() {
  try {
    return fs.readFileSync(TEARDOWN_FAILURES, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

const steps = [
  [
    'prerequisites',
    () => {
      ensureRedisServer();
      ensureChromium();
      ensureAptPackage('nginx', 'nginx-light');
      ensureDatabase();
      if (!only || only.has('integration')) {
        // The files that take minutes run from now on, beside the steps below (scripts/lib/long-tests.mjs).
        long = startLongTests({ root: ROOT, jest: bin('jest'), env, artifacts: ART });
        console.log(
          `the 10-minute integration files (*.long.int.spec.ts) run from now on, beside the steps below (their result: the last step); log: ${path.relative(ROOT, long.log)}`,
        );
      }
      return true;
    },
  ],
  ['lint', () => run(process.execPath, ['tools/lint/project-graph.mjs']) && run(bin('eslint'), ['--max-warnings', '0', '.'])],
  ['format', () => run(bin('prettier'), ['--check', '--log-level', 'warn', '.'])],
  [
    'lock',
    () => {
      // The images (and operators) install with `npm ci`: it must accept the committed lock file.
      const r = checkLockAcceptedByNpmCi(ROOT);
      (r.ok ? console.log : console.error)(r.message);
      return r.ok;
    },
  ],
  [
    'audit',
    () => {
      // High or critical advisories on a production dependency fail; a registry that does not
      // answer the audit endpoint is a notice (AUDIT_REQUIRED=1 makes it fail): scripts/lib/audit.mjs.
      const r = runAudit({ cwd: ROOT, env });
      (r.ok ? console.log : console.error)(r.lines.join('\n'));
      return { ok: r.ok, why: r.ok ? [] : r.lines.slice(0, 6), note: r.ok && r.kind === 'unanswered' ? r.lines[0] : undefined };
    },
  ],
  ['types', () => run(bin('tsc'), ['-p', 'tsconfig.json', '--pretty'])],
  [
    'unit',
    () => {
      const out = path.join(ART, 'jest-unit.json');
      fs.rmSync(out, { force: true });
      // Two workers on two cores (jest's default is one fewer than the cores): 36 s -> 24 s.
      const ok = run(bin('jest'), ['--selectProjects', 'unit-node', 'unit-web', '--maxWorkers', '2', '--json', '--outputFile', out]);
      return { ok, counts: jestCounts(out), why: jestFailures(out, ROOT) };
    },
  ],
  [
    'build',
    () => {
      buildAll();
      return true;
    },
  ],
  [
    'integration',
    async () => {
      const out = path.join(ART, 'jest-integration.json');
      fs.rmSync(out, { force: true });
      fs.rmSync(TEARDOWN_FAILURES, { force: true });
      // The files that take minutes are not here when they run beside the steps (`long`, started after the prerequisites).
      const ok = runWith({ JEST_SKIP_LONG: long ? '1' : '0' }, bin('jest'), [
        '--selectProjects',
        'integration',
        '--maxWorkers',
        // Four files side by side on two cores: they mostly wait (on the database, processes they
        // start, timers), so the wall time falls with the workers (measured on 2 cores, one of them
        // held by a CPU-bound process: 2 workers 353 s, 4 workers 231 s).
        process.env.INTEGRATION_WORKERS ?? '4',
        '--json',
        '--outputFile',
        out,
      ]);
      return { ok, counts: jestCounts(out), why: [...jestFailures(out, ROOT), ...teardownFailures()] };
    },
  ],
  [
    'e2e',
    () => {
      const out = path.join(ART, 'e2e.json');
      fs.rmSync(out, { force: true });
      const ok =
        spawnSync(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
          cwd: ROOT,
          stdio: 'inherit',
          env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
        }).status === 0;
      return { ok, counts: playwrightCounts(out), why: playwrightFailures(out) };
    },
  ],
  [
    // The 10-minute integration files, started after the prerequisites (scripts/lib/long-tests.mjs): their end, if not yet.
    'integration-long',
    async () => {
      const l = await long.done;
      console.log(longTestsOutput(l.log));
      return {
        ...l,
        note: `ran for ${l.seconds.toFixed(0)} s from the prerequisites on, beside the steps above (log: ${path.relative(ROOT, l.log)})`,
      };
    },
  ],
];

const results = [];
const t0 = Date.now();
for (const [name, fn] of steps) {
  if (only && !only.has(name) && name !== 'prerequisites' && name !== 'integration-long') continue;
  if (name === 'integration-long' && !long) continue;
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  let ok;
  let counts = null;
  let why;
  let note;
  try {
    const r = await fn();
    ok = typeof r === 'object' ? r.ok : r;
    counts = typeof r === 'object' ? r.counts : null;
    why = (typeof r === 'object' && r.why) || [];
    note = typeof r === 'object' ? r.note : undefined;
  } catch (err) {
    console.error(err.message);
    ok = false;
    why = [firstLine(err.message)];
  }
  results.push({ name, ok, counts, why, note, seconds: (Date.now() - t) / 1000 });
}

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
for (const r of results) {
  const c = r.counts
    ? ` (${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''})`
    : '';
  console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)}s${c}`);
  if (r.note) console.log(`    ${r.note}`);
  if (!r.ok) for (const line of r.why.slice(0, 20)) console.log(`    ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
  }
  if (!r.ok && !(r.counts && r.counts.failed)) failed += 1;
}
console.log(`total ${((Date.now() - t0) / 1000).toFixed(0)}s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
