// Image quality, after the builds: size and what each image adds over its base (and where those
// bytes are), the final files checked for the build machine's certificates, npm configuration and
// credentials (forbidden-files.mjs) and for build tools, an SBOM per image (with its base image
// pinned by digest, compared with the previous build's: sbom-diff.mjs), and the names the
// kustomize overlays give each image. Problems are returned for build.mjs to fail on.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';
import { buildTools, forbiddenFiles, pemBodies } from './forbidden-files.mjs';
import { ARTIFACTS } from './report.mjs';
import { baseComponent } from './base-digests.mjs';
import { changeCount, formatSbomDiff } from './sbom-diff.mjs';
import { writeSbomKeepingPrevious } from './sbom-files.mjs';
import { imageSize, mb, podman } from './tools.mjs';
import { OVERLAYS_DIR, overlayImageNames } from './overlay-names.mjs';

/** Goals of what an image adds over its base (docs/infra/images.md). */
export const ADDED_GOAL = { node: 60e6, static: 2e6, 'front-server': 5e6 };

/** Every file and symlink of a mounted image root, as absolute paths inside the image, with sizes. */
export function listFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push({ path: `/${path.relative(root, full)}`, size: e.isFile() ? fs.lstatSync(full).size : 0 });
    }
  };
  walk(root);
  return out;
}

/** The build machine's own CAs (added by hand to its trust store): none may appear in an image. */
function machineCas() {
  const dir = '/usr/local/share/ca-certificates';
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((f) => pemBodies(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter(Boolean);
}

/** Files whose text holds one of the build machine's CAs. */
function filesWithMachineCa(root, files, cas) {
  if (!cas.length) return [];
  const candidates = files.filter((f) => f.size > 0 && f.size < 2e6 && /\.(pem|crt|cer)$|ca-certificates|\/certs?\//i.test(f.path));
  return candidates
    .filter((f) => {
      const text = fs.readFileSync(path.join(root, f.path), 'latin1').replace(/\s+/g, '');
      return cas.some((ca) => text.includes(ca));
    })
    .map((f) => f.path);
}

/** Sizes of the biggest parts an image adds (paths under /app or /usr/share/nginx/html). */
function addedParts(files, kind) {
  const groups = {
    node: [/^\/app\/node_modules\//, /^\/app\/services\/[^/]+\/node_modules\//, /^\/app\/services\/[^/]+\/dist\//],
    static: [/^\/usr\/share\/nginx\/html\//],
    'front-server': [/^\/app\/[^/]+\/dist-server\//, /^\/app\/node_modules\//],
  }[kind];
  return groups.map((g) => ({
    part: g.source
      .replace(/\\\//g, '/')
      .replace(/^\^/, '')
      .replace(/\[\^\/\]\+/g, '*'),
    bytes: files.filter((f) => g.test(f.path)).reduce((a, f) => a + f.size, 0),
  }));
}

/** The Debian packages of an image (from its dpkg status), as CycloneDX components. */
function debianComponents(root) {
  const status = path.join(root, 'var/lib/dpkg/status');
  if (!fs.existsSync(status)) return [];
  return fs
    .readFileSync(status, 'utf8')
    .split('\n\n')
    .map((block) =>
      Object.fromEntries(
        block
          .split('\n')
          .filter((l) => /^[A-Za-z-]+: /.test(l))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      ),
    )
    .filter((p) => p.Package && /installed$/.test(p.Status ?? ''))
    .map((p) => ({
      type: 'library',
      name: p.Package,
      version: p.Version,
      purl: `pkg:deb/debian/${p.Package}@${encodeURIComponent(p.Version)}?arch=${p.Architecture}&distro=debian-12`,
    }));
}

/**
 * npm's SBOM (CycloneDX) of the workspaces an image carries, plus the image's Debian packages and
 * its base image (pinned by digest); the previous build's is kept and compared.
 */
function writeSbom(image, root) {
  const workspaces = image.kind === 'node' ? [image.workspace, 'libs/server-kit', 'libs/contracts'] : [image.workspace];
  const json = execFileSync(
    'npm',
    ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev', ...workspaces.flatMap((w) => ['--workspace', w])],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const sbom = JSON.parse(json);
  const debs = debianComponents(root);
  sbom.components = [baseComponent(image.base), ...(sbom.components ?? []), ...debs];
  sbom.metadata = { ...sbom.metadata, component: { type: 'container', name: `pupitre/${image.name}`, version: image.tag } };
  const { file, diff, previousVersion } = writeSbomKeepingPrevious(ARTIFACTS, image.name, sbom);
  return {
    file: path.relative(ROOT, file),
    components: sbom.components.length,
    debian: debs.length,
    base: image.base,
    changes: previousVersion ? { since: previousVersion, count: changeCount(diff), ...diff } : null,
    changeLines: formatSbomDiff(image.name, diff, { previousVersion }),
  };
}

/** Mounts an image's root (read-only use), runs fn(root), unmounts. */
function withMountedImage(ref, fn) {
  const root = podman(['image', 'mount', ref]);
  try {
    return fn(root);
  } finally {
    podman(['image', 'unmount', ref]);
  }
}

/**
 * Checks the built images ([{ name, ref, size, base }], `base` pinned by digest); returns
 * { byName, problems, sbomChanges (lines to print), table }.
 */
export async function checkQuality(built, { images }) {
  const cas = machineCas();
  const names = overlayImageNames(OVERLAYS_DIR);
  const byName = {};
  const sbomLines = {};
  const problems = [];
  for (const b of built) {
    const image = images.find((i) => i.name === b.name);
    const tag = b.ref.split(':').pop();
    const baseSize = imageSize(b.base);
    const added = b.size - baseSize;
    const result = withMountedImage(b.ref, (root) => {
      const files = listFiles(root);
      return {
        files: files.length,
        forbidden: [
          ...forbiddenFiles(files.map((f) => f.path)),
          ...filesWithMachineCa(root, files, cas).map((p) => ({ path: p, why: "holds the build machine's CA" })),
        ],
        tools: buildTools(files.map((f) => f.path)),
        parts: addedParts(files, image.kind),
        sbom: writeSbom({ ...image, tag, base: b.base }, root),
      };
    });
    sbomLines[b.name] = result.sbom.changeLines;
    for (const f of result.forbidden) problems.push(`${b.name}: ${f.path}: ${f.why}`);
    for (const t of result.tools) problems.push(`${b.name}: a build tool in the final image: ${t}`);
    const overlays = names[`pupitre/${b.name}`] ?? {};
    if (!Object.keys(overlays).length) problems.push(`${b.name}: no kustomize overlay names the image pupitre/${b.name}`);
    byName[b.name] = {
      baseSize,
      added,
      overGoal: added > ADDED_GOAL[image.kind],
      files: result.files,
      parts: result.parts,
      sbom: (({ changeLines: _lines, ...sbom }) => sbom)(result.sbom),
      overlays,
      forbidden: result.forbidden,
      buildTools: result.tools,
    };
  }
  const rows = built.map((b) => {
    const q = byName[b.name];
    const goal = ADDED_GOAL[images.find((i) => i.name === b.name).kind];
    return [
      b.name,
      `${b.seconds.toFixed(0)} s`,
      mb(b.size),
      mb(q.baseSize),
      `${mb(q.added)} (goal ≤ ${mb(goal)}${q.overGoal ? ', over' : ''})`,
      String(q.files),
      q.forbidden.length || q.buildTools.length ? 'PROBLEM' : 'clean',
      `${q.sbom.components} components`,
    ];
  });
  const head = ['image', 'build', 'size', 'base', 'added over base', 'files', 'secrets/tools', 'SBOM'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  const details = built.map(
    (b) =>
      `  ${b.name}: ${byName[b.name].parts.map((p) => `${p.part} ${mb(p.bytes)}`).join(', ')}; overlays: ${Object.entries(
        byName[b.name].overlays,
      )
        .map(([o, n]) => `${o} → ${n}`)
        .join(', ')}`,
  );
  return {
    byName,
    problems,
    sbomChanges: built.flatMap((b) => sbomLines[b.name]),
    table: [line(head), ...rows.map(line), '', 'what the images add, and the names the overlays render:', ...details].join('\n'),
  };
}
