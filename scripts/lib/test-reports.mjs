// What a jest or playwright JSON report says: its counts, and what failed (test names, or a file's first error line).
import fs from 'node:fs';
import path from 'node:path';

export function jestCounts(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests };
  } catch {
    return null;
  }
}
/** What failed, for the summary (a CI log is often read from its tail only): test names, or a file's first error line. */
export function jestFailures(file, root) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return r.testResults.flatMap((suite) => {
      const name = path.relative(root, suite.name);
      const tests = suite.assertionResults.filter((a) => a.status === 'failed').map((a) => `${name} › ${a.fullName}`);
      if (tests.length) return tests;
      return suite.status === 'failed' ? [`${name}: ${firstLine(suite.message)}`] : [];
    });
  } catch {
    return [];
  }
}
export function playwrightFailures(file) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          out.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results.at(-1)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites) walk(suite);
  } catch {
    /* no report: the step's own output says why */
  }
  return out;
}
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
export const firstLine = (text) =>
  String(text ?? '')
    .replace(ANSI_COLOUR, '')
    .trim()
    .split('\n')
    .find((l) => l.trim()) ?? '';
export function playwrightCounts(file) {
  try {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
  } catch {
    return null;
  }
}
