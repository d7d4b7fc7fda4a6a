// The integration files that take minutes (`*.long.int.spec.ts`: the 10-minute Redis outage) in a jest run of their own,
// started by `npm test` as soon as the database and Redis are installed. They mostly wait (2 writes a second), so they run
// beside lint, types, unit tests, the build and the other integration files instead of adding their minutes to the total;
// the integration step waits for them and counts them with its own. Their output goes to a log, printed when they end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { firstLine, jestCounts, jestFailures } from './test-reports.mjs';

export const LONG_FILES = '\\.long\\.int\\.spec\\.ts$';

/**
 * Starts them; `done` resolves once they ended, with their counts and what failed. `stop()` ends them early (Ctrl-C).
 * @param {{ root: string, jest: string, env: NodeJS.ProcessEnv, artifacts: string }} o
 */
export function startLongTests({ root, jest, env, artifacts }) {
  const report = path.join(artifacts, 'jest-integration-long.json');
  const log = path.join(artifacts, 'integration-long.log');
  const failuresFile = path.join(artifacts, 'integration-long-teardown-failures.txt');
  for (const file of [report, failuresFile]) fs.rmSync(file, { force: true });
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(
    jest,
    [
      '--selectProjects',
      'integration',
      '--testPathPatterns',
      LONG_FILES,
      '--maxWorkers',
      '1',
      '--forceExit',
      '--json',
      '--outputFile',
      report,
    ],
    { cwd: root, stdio: ['ignore', out, out], env: { ...env, INTEGRATION_FAILURES_FILE: failuresFile } },
  );
  fs.closeSync(out);
  const done = new Promise((resolve) => {
    const finish = (code, error) => {
      const teardown = fs.existsSync(failuresFile) ? fs.readFileSync(failuresFile, 'utf8').split('\n').filter(Boolean) : [];
      const why = [...jestFailures(report, root), ...teardown];
      if (error) why.push(`the long integration files did not start: ${firstLine(error.message)}`);
      // Its own end, not when this process saw it (it may be blocked in a step's spawnSync): jest's report is its last write.
      const ended = fs.existsSync(report) ? fs.statSync(report).mtimeMs : Date.now();
      resolve({ ok: code === 0 && !error, counts: jestCounts(report), why, seconds: (ended - started) / 1000, log });
    };
    child.once('error', (error) => finish(1, error));
    child.once('exit', (code, signal) => finish(signal ? 1 : code));
  });
  return { done, log, stop: () => child.kill('SIGTERM') };
}

/** Its log, for the console once it ended: jest's own lines and the tests' progress lines. */
export function longTestsOutput(log) {
  try {
    return fs.readFileSync(log, 'utf8').trimEnd();
  } catch {
    return '';
  }
}
