// The module-boundary rule fires: each fixture import is refused by the real ESLint with the
// workspace's configuration, and ordinary imports pass (a missing project graph would silently
// turn the rule off: this test would then fail).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ALLOWED, VIOLATIONS } from './fixtures/boundary-cases.mjs';
import { buildProjectGraph } from './project-graph.mjs';

const ROOT = path.resolve(__dirname, '../..');
jest.setTimeout(120_000);

function boundaryErrors(file: string, code: string): string[] {
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/eslint'), ['--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

beforeAll(() => {
  buildProjectGraph();
});

test.each(VIOLATIONS.map((c) => [c.name, c] as const))('refused: %s', (_name, { file, code }) => {
  expect(boundaryErrors(file, code)).not.toEqual([]);
});

test.each(ALLOWED.map((c) => [c.name, c] as const))('accepted: %s', (_name, { file, code }) => {
  expect(boundaryErrors(file, code)).toEqual([]);
});
