// The container tools of `npm run images` and `npm run images:check`: buildah builds, podman runs,
// mmdebstrap makes the local Debian base. No Docker daemon is needed. Run as root, the missing
// ones are installed from Debian's packages; otherwise the error says which to install.
import { execFileSync, spawn } from 'node:child_process';
import { which } from '../local/lib/which.mjs';

/** Debian package of each tool the images need. */
export const TOOL_PACKAGES = { buildah: 'buildah', podman: 'podman', runc: 'runc', slirp4netns: 'slirp4netns', mmdebstrap: 'mmdebstrap' };

/** Native overlay storage (vfs is about 10× slower); the same for buildah and podman. */
export const STORAGE = ['--storage-driver', 'overlay'];
/** `buildah bud` as every build here runs it: chroot isolation (no daemon), cached layers, local images only. */
export const BUD = [...STORAGE, 'bud', '--isolation', 'chroot', '--layers', '--pull-never'];
/** podman's global options here: runc (crun is refused on this kind of machine) and cgroupfs. */
export const PODMAN = [...STORAGE, '--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];

/** The names in `tools` that are not on PATH. */
export function missingTools(tools = Object.keys(TOOL_PACKAGES), find = which) {
  return tools.filter((t) => !find(t));
}

/** Makes sure every tool is installed, installing the missing ones with apt-get when we are root. */
export function ensureContainerTools({ tools = Object.keys(TOOL_PACKAGES), log = console.log } = {}) {
  let missing = missingTools(tools);
  if (!missing.length) return;
  const packages = missing.map((t) => TOOL_PACKAGES[t]);
  if (process.getuid?.() === 0 && which('apt-get')) {
    log(`» installing ${packages.join(', ')} with apt-get (first run only)…`);
    execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`], {
      stdio: 'inherit',
    });
    missing = missingTools(tools);
  }
  if (missing.length) {
    throw new Error(
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not installed: run \`sudo apt-get install -y ${missing
        .map((t) => TOOL_PACKAGES[t])
        .join(' ')}\` (or run this command as root, which installs them).`,
    );
  }
}

/** Runs a tool and returns its trimmed stdout; the error carries its stderr. */
export function capture(command, args, options = {}) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      ...options,
    }).trim();
  } catch (err) {
    const detail = String(err.stderr ?? '').trim() || err.message;
    throw new Error(`${command} ${args.slice(0, 6).join(' ')}… failed: ${detail.split('\n').slice(-8).join('\n')}`, { cause: err });
  }
}

export const podman = (args, options) => capture('podman', [...PODMAN, ...args], options);
export const buildah = (args, options) => capture('buildah', [...STORAGE, ...args], options);

/**
 * Runs a long command with its output in `logFile` (and the last lines kept to explain a failure),
 * calling `onLine` for each line. Resolves to { code, tail }.
 */
export function runLogged(command, args, { logStream, onLine = () => {}, env = process.env, cwd } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    let partial = '';
    const onData = (chunk) => {
      logStream?.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 30) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (err) => resolve({ code: 127, tail: [`failed to start ${command}: ${err.message}`] }));
    child.once('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

/** An image's size in bytes, as podman reports it, or null when the image is missing. */
export function imageSize(ref) {
  try {
    return Number(podman(['image', 'inspect', '--format', '{{.Size}}', ref]));
  } catch {
    return null;
  }
}

export const imageExists = (ref) => {
  try {
    podman(['image', 'exists', ref]);
    return true;
  } catch {
    return false;
  }
};

export const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
