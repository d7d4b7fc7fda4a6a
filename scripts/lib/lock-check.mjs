// Whether `npm ci` accepts package-lock.json: the Dockerfiles (and any operator) install with
// `npm ci`, which refuses a lock that lacks an entry package.json needs (e.g. another platform's
// optional binary), where `npm install` quietly fixes it. Checked in a scratch copy of the manifests
// (`npm ci --dry-run --ignore-scripts`: reads the lock, installs nothing), so it is quick and leaves
// node_modules alone. Used by `npm test` (step lock).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The package.json and package-lock.json files of `root` that git tracks (workspaces included). */
function manifestFiles(root) {
  const res = spawnSync('git', ['ls-files', '-z', '--', 'package.json', 'package-lock.json', '**/package.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`git ls-files failed in ${root}: ${res.stderr}`);
  return res.stdout.split('\0').filter((f) => f && /(^|\/)package(-lock)?\.json$/.test(f));
}

/** Resolves to { ok, seconds, message }: message says what npm refused and how to fix it. */
export function checkLockAcceptedByNpmCi(root, { files = manifestFiles(root), npm = 'npm' } = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-lock-'));
  const started = Date.now();
  try {
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(scratch, f)), { recursive: true });
      fs.copyFileSync(path.join(root, f), path.join(scratch, f));
    }
    const res = spawnSync(npm, ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel', 'error'], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const seconds = (Date.now() - started) / 1000;
    if (res.status === 0) return { ok: true, seconds, message: `npm ci accepts package-lock.json (${files.length} manifests)` };
    const why = `${res.stderr ?? ''}${res.stdout ?? ''}`
      .split('\n')
      .filter((l) => /EUSAGE|Missing:|Invalid:|in sync|npm error (?!A complete log)/.test(l))
      .slice(0, 12)
      .join('\n');
    return {
      ok: false,
      seconds,
      message: `npm ci refuses package-lock.json (exit ${res.status}), so no image can be built from it:\n${why}\nFix: \`npm install --package-lock-only\` and commit package-lock.json.`,
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
