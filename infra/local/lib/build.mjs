// Builds every app and service through Nx (cached: an unchanged project is not rebuilt).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths.mjs';

export function buildAll({ projects, quiet = false } = {}) {
  const nx = path.join(ROOT, 'node_modules/.bin/nx');
  const args = projects?.length
    ? ['run-many', '-t', 'build', '-p', projects.join(','), '--parallel=2']
    : ['run-many', '-t', 'build', '--parallel=2'];
  if (quiet) args.push('--output-style=static');
  const res = spawnSync(nx, args, {
    cwd: ROOT,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' },
  });
  if (res.status !== 0) {
    const out = quiet ? `${res.stdout}\n${res.stderr}`.split('\n').slice(-40).join('\n') : '';
    throw new Error(`build failed (nx ${args.join(' ')}), exit ${res.status}\n${out}`);
  }
}

/**
 * Builds a second, side-by-side variant of one micro-frontend (as its team would ship a new
 * version): MFE_VERSION is its visible version marker, the output goes to <app>/<outDir>.
 */
export function buildRemoteVariant(app, { version, outDir, env = {} }) {
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/rspack'), ['build'], {
    cwd: path.join(ROOT, app),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', MFE_VERSION: version, MFE_OUT_DIR: outDir, ...env },
  });
  if (res.status !== 0) throw new Error(`building ${app} ${version} failed:\n${res.stdout}\n${res.stderr}`);
  return path.join(ROOT, app, outDir);
}
