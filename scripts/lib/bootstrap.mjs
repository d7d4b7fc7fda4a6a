// First lines of `npm start` and `npm test`: they must work on a fresh clone, where npm runs them
// with whatever Node the machine has. Installs the npm dependencies when they are missing or stale,
// then re-runs the real script on the Node 24 that the `node` devDependency provides.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE24 = path.join(ROOT, 'node_modules/.bin/node');

function depsStale() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  if (!fs.existsSync(marker) || !fs.existsSync(NODE24)) return 'missing';
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000) return 'stale';
  return null;
}

export function ensureDependencies() {
  const state = depsStale();
  if (!state) return;
  // `npm install`, not `npm ci`: the lock file pins every version, but `npm ci` also insists on
  // optional platform packages (other OSes' binaries) that some registry mirrors do not carry.
  console.log(`» npm dependencies are ${state}: running npm install (first run takes a minute or two)…`);
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`npm install failed (exit ${res.status}). Check your network access to the npm registry and run it again.`);
    process.exit(res.status ?? 1);
  }
}

/** Runs `script` (relative to the repository root) on Node 24 and exits with its code. */
export function runOnNode24(script, args = process.argv.slice(2)) {
  ensureDependencies();
  const major = Number(process.versions.node.split('.')[0]);
  const node = major === 24 ? process.execPath : NODE24;
  const bin = path.join(ROOT, 'node_modules/.bin');
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  const child = spawn(node, [path.join(ROOT, script), ...args], { cwd: ROOT, stdio: 'inherit', env });
  // Ctrl-C reaches the whole process group; a SIGTERM sent to this process alone is passed on.
  // Either way the child shuts its stack down and this process leaves with its exit code.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
}
