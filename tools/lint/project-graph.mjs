// Builds Nx's project graph (the boundary rule reads it from .nx/workspace-data and silently skips
// when it is missing): run before ESLint by `npm run lint` and `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function buildProjectGraph() {
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/nx'), ['show', 'projects', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (r.status !== 0) throw new Error(`nx could not build the project graph (needed by @nx/enforce-module-boundaries):\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projects = buildProjectGraph();
  console.log(`[lint] project graph: ${projects.length} projects`);
}
