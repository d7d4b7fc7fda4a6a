// The build `npm run bench:web` measures the current one against (`--baseline-ref REV`): that
// commit's shell and remotes, checked out in a git worktree of their own beside this one and
// built there once (kept for the next run; `git worktree prune` forgets it once deleted).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../infra/local/lib/paths.mjs';

const FRONT_ENDS = ['@pupitre/shell', '@pupitre/mfe-community', '@pupitre/mfe-review', '@pupitre/mfe-account'];

/** A folder holding `ref`'s shell/dist and mfe-*\/dist, built when missing. */
export function baselineBuild(ref) {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `pupitre-baseline-${commit.slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, 'shell/dist/index.html'))) return dir;
  console.log(`building the baseline ${commit.slice(0, 12)} in ${dir} (once)…`);
  if (!fs.existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, commit], { cwd: ROOT, stdio: 'ignore' });
    // The same packages, hard-linked (the workspace's own links stay relative to the worktree).
    execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
  }
  execFileSync(
    path.join(dir, 'node_modules/.bin/nx'),
    ['run-many', '-t', 'build', '-p', ...FRONT_ENDS, '--parallel=2', '--output-style=static'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  return dir;
}
