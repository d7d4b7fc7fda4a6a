import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root (libs/server-kit/src/testing → four levels up). */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');

export interface ServiceBundle {
  /** Folder holding main.js (and worker.js, seed.js for rating). */
  dir: string;
  entry: (name: string) => string;
  remove: () => void;
}

/**
 * Bundles a service with its own rspack config into a fresh `services/<service>/dist-it-<random>/`
 * folder (git-ignored; inside the repository so the bundle resolves node_modules), so tests run the
 * real bundle on a fresh clone without touching `dist/`. Takes a few seconds: call it in `beforeAll`
 * and `remove()` in `afterAll`. `service` is the folder name under services/.
 */
export function buildServiceBundle(service: string): ServiceBundle {
  const serviceDir = path.join(REPO_ROOT, 'services', service);
  const dir = path.join(serviceDir, `dist-it-${randomBytes(4).toString('hex')}`);
  const cli = path.join(REPO_ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  try {
    execFileSync(process.execPath, [cli, 'build', '-c', path.join(serviceDir, 'rspack.config.mjs'), '--output-path', dir], {
      cwd: serviceDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`building ${service} failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: err });
  }
  return {
    dir,
    entry: (name) => path.join(dir, `${name}.js`),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
