// The kustomize binary of the tests: built from the Go module in infra/k8s/tools/kustomize
// (sigs.k8s.io/kustomize/kustomize/v5, pinned in its go.mod/go.sum) into .data/bin/kustomize on
// first use, rebuilt only when missing or older than the module files; never committed. Without
// Go, a `kubectl` on PATH (`kubectl kustomize`, same engine) is used instead.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT } from '../../local/lib/paths.mjs';
import { which } from '../../local/lib/which.mjs';

export const KUSTOMIZE_SRC = path.join(ROOT, 'infra/k8s/tools/kustomize');
export const KUSTOMIZE_BIN = path.join(DATA_DIR, 'bin/kustomize');

function upToDate() {
  if (!fs.existsSync(KUSTOMIZE_BIN)) return false;
  const built = fs.statSync(KUSTOMIZE_BIN).mtimeMs;
  return ['go.mod', 'go.sum'].every((f) => fs.statSync(path.join(KUSTOMIZE_SRC, f)).mtimeMs <= built);
}

/**
 * Returns how to run kustomize: { command, args } where `args` prefix the build arguments.
 * Builds the binary when needed (about a minute the first time: Go modules are downloaded).
 */
export function ensureKustomize({ log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  if (upToDate()) return { command: KUSTOMIZE_BIN, args: [] };
  const go = which('go');
  if (!go) {
    const kubectl = which('kubectl');
    if (kubectl) {
      log('kustomize: Go is missing, using `kubectl kustomize` instead');
      return { command: kubectl, args: ['kustomize'] };
    }
    throw new Error(
      'kustomize is needed to render infra/k8s: install Go >= 1.24 (`apt-get install -y golang`, built once into .data/bin/kustomize) or kubectl.',
    );
  }
  log(
    `kustomize: building ${path.relative(ROOT, KUSTOMIZE_BIN)} from ${path.relative(ROOT, KUSTOMIZE_SRC)} (first run only; downloads Go modules)…`,
  );
  const started = Date.now();
  fs.mkdirSync(path.dirname(KUSTOMIZE_BIN), { recursive: true });
  // Build beside the target, then rename: test files running in parallel never see half a binary.
  const tmp = `${KUSTOMIZE_BIN}.${process.pid}.tmp`;
  try {
    execFileSync(go, ['build', '-trimpath', '-o', tmp, 'sigs.k8s.io/kustomize/kustomize/v5'], {
      cwd: KUSTOMIZE_SRC,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly' },
    });
    fs.renameSync(tmp, KUSTOMIZE_BIN);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  log(`kustomize: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { command: KUSTOMIZE_BIN, args: [] };
}

/** `kustomize build <dir>`: the rendered YAML stream. Throws with kustomize's message on error. */
export function kustomizeBuild(dir, tool = ensureKustomize()) {
  try {
    return execFileSync(tool.command, [...tool.args, 'build', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    throw new Error(`kustomize build ${dir} failed:\n${err.stderr || err.message}`, { cause: err });
  }
}
