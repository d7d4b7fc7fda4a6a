// The certificate authority npm needs inside the builds when this machine reaches the npm registry
// through a TLS-intercepting proxy (npm's `cafile` or NODE_EXTRA_CA_CERTS here). A copy of it, alone
// in a folder, is mounted read-only over /mnt (an empty folder of every base image, so the mount
// leaves no trace in any layer) for the build's RUN steps, and named by the NODE_EXTRA_CA_CERTS
// build argument of the dependency stages. quality.mjs checks that no final image holds it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '../local/lib/paths.mjs';

export const CA_DIR_IN_BUILD = '/mnt';
export const CA_IN_BUILD = '/mnt/build-ca.crt';

/** The CA file to pass, from the environment or npm's configuration, or null. */
export function findBuildCa({ env = process.env, npmCafile = npmConfigCafile } = {}) {
  const candidates = [env.NODE_EXTRA_CA_CERTS, npmCafile()];
  return candidates.find((f) => f && f !== 'null' && f !== 'undefined' && fs.existsSync(f)) ?? null;
}

function npmConfigCafile() {
  try {
    return execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** buildah arguments that lend the CA to the builds ({ file, args }; no args without a CA). */
export function buildCaMount(options, dir = path.join(DATA_DIR, 'images/build-ca')) {
  const file = findBuildCa(options);
  if (!file) return { file: null, args: [] };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(file, path.join(dir, path.basename(CA_IN_BUILD)));
  fs.chmodSync(path.join(dir, path.basename(CA_IN_BUILD)), 0o644);
  return { file, args: ['--build-arg', `NODE_EXTRA_CA_CERTS=${CA_IN_BUILD}`, '--volume', `${dir}:${CA_DIR_IN_BUILD}:ro`] };
}
