import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (libs/server-kit/src/testing → four levels up). */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * Bundles a service with its own rspack config into a fresh temporary directory and returns it,
 * so tests run the real bundle on a fresh clone (no `dist/` needed) without touching `dist/`.
 * Takes a few seconds; call it in `beforeAll`. `service` is the folder name under services/.
 */
export function buildServiceBundle(service: string): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `pupitre-${service}-bundle-`));
  const cli = require.resolve('@rspack/cli/bin/rspack.js', { paths: [REPO_ROOT] });
  execFileSync(process.execPath, [cli, 'build', '-c', path.join(REPO_ROOT, 'services', service, 'rspack.config.mjs'), '--output-path', outDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return outDir;
}
