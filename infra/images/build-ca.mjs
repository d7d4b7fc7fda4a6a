// The certificate authority npm needs inside the builds when this machine reaches the npm registry
// through a TLS-intercepting proxy (npm's `cafile` or NODE_EXTRA_CA_CERTS here). It is mounted
// read-only into the build's RUN steps and named by the NODE_EXTRA_CA_CERTS build argument of the
// dependency stages: never copied into a layer (quality.mjs checks the final images' files).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CA_IN_BUILD = '/run/pupitre-build-ca.crt';

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
export function buildCaMount(options) {
  const file = findBuildCa(options);
  if (!file) return { file: null, args: [] };
  return { file, args: ['--build-arg', `NODE_EXTRA_CA_CERTS=${CA_IN_BUILD}`, '--volume', `${file}:${CA_IN_BUILD}:ro`] };
}
