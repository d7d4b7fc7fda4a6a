// `npm run images`: builds every image of the project from infra/docker/*.Dockerfile with buildah
// (no Docker daemon), then reports each one's size and what it adds over its base, checks what the
// final images hold (quality.mjs) and writes an SBOM per image, printing what changed in each since
// the previous build (sbom-diff.mjs). The bases are pinned by the digests of the local image store
// (base-digests.mjs): the builds get `name:tag@sha256:…`, recorded in the report. Progress and per-image times on
// stdout, each build's full log in artifacts/images/<name>.build.log, the report in
// artifacts/images/images.json (read by `npm run images:check`).
//   npm run images                        every image
//   npm run images -- --only auth,shell   some of them (IMAGES=auth,shell too)
//   IMAGE_TAG=1.4.0 npm run images        another tag than the git commit's
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';
import { IMAGES, baseArgOf, imageRef, selectImages } from './targets.mjs';
import { ensureBases } from './bases.mjs';
import { pinBases } from './base-digests.mjs';
import { currentTag } from './tag.mjs';
import { BUD, ensureContainerTools, imageSize, mb, runLogged } from './tools.mjs';
import { buildCaMount } from './build-ca.mjs';
import { checkQuality } from './quality.mjs';
import { ARTIFACTS, writeReport } from './report.mjs';

const argList = (flag) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const secs = (ms) => `${(ms / 1000).toFixed(0)} s`;

async function buildOne(image, { index, total, tag, baseArgs, ca }) {
  const ref = imageRef(image.name, tag);
  const logFile = path.join(ARTIFACTS, `${image.name}.build.log`);
  const logStream = fs.createWriteStream(logFile);
  const started = Date.now();
  const prefix = `[${index}/${total}] ${image.name}`;
  console.log(`${prefix}: building ${image.dockerfile} --target ${image.target}…`);
  let lastStep = 'starting';
  const onLine = (line) => {
    const m = /^\[(\d+)\/(\d+)\] STEP (\d+\/\d+): (.*)$/.exec(line) ?? /^STEP (\d+\/\d+): (.*)$/.exec(line);
    if (m) lastStep = m.length === 5 ? `stage ${m[1]}/${m[2]} step ${m[3]}: ${m[4]}` : `step ${m[1]}: ${m[2]}`;
  };
  // Every 15 s, where the build is (a RUN such as npm ci can be silent for a minute).
  const heartbeat = setInterval(() => console.log(`${prefix}: ${secs(Date.now() - started)}, ${lastStep.slice(0, 110)}`), 15_000);
  const args = [
    ...BUD,
    '-f',
    image.dockerfile,
    '--target',
    image.target,
    ...Object.entries(baseArgs).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
    ...ca.args,
    '--label',
    `org.opencontainers.image.revision=${tag}`,
    '--label',
    `org.opencontainers.image.version=${tag}`,
    '-t',
    ref,
    '.',
  ];
  logStream.write(`$ buildah ${args.join(' ')}\n`);
  const res = await runLogged('buildah', args, { cwd: ROOT, logStream, onLine }).finally(() => clearInterval(heartbeat));
  logStream.end();
  const seconds = (Date.now() - started) / 1000;
  if (res.code !== 0) {
    throw new Error(
      `${image.name}: the build failed (exit ${res.code}) after ${seconds.toFixed(0)} s; full log: ${path.relative(ROOT, logFile)}\n${res.tail.join('\n')}`,
    );
  }
  const size = imageSize(ref);
  console.log(`${prefix}: built ${ref} in ${seconds.toFixed(0)} s, ${mb(size)}`);
  return { name: image.name, ref, seconds, size, base: baseArgs[baseArgOf(image.kind)] };
}

async function main() {
  const t0 = Date.now();
  const images = selectImages(argList('--only') ?? process.env.IMAGES);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  console.log('» container tools');
  ensureContainerTools();
  const tag = currentTag();
  console.log(`» base images`);
  const present = await ensureBases({ dockerfiles: [...new Set(IMAGES.map((i) => i.dockerfile))] });
  // The builds name each base by its digest in the local store, not by its tag.
  const pinned = pinBases(present.args);
  const bases = { mode: present.mode, args: pinned.args, tags: present.args, digests: pinned.digests };
  for (const [k, v] of Object.entries(bases.args))
    console.log(`  ${k}=${v}${bases.mode === 'local' ? ' (local, from Debian packages)' : ''}`);
  const ca = buildCaMount();
  if (ca.file) console.log(`  npm reaches its registry through a TLS proxy: its CA (${ca.file}) is mounted for the builds only`);
  console.log(`» building ${images.length} image${images.length > 1 ? 's' : ''}, tag ${tag} (logs in ${path.relative(ROOT, ARTIFACTS)}/)`);
  const built = [];
  for (const [i, image] of images.entries())
    built.push(await buildOne(image, { index: i + 1, total: images.length, tag, baseArgs: bases.args, ca }));
  const buildSeconds = (Date.now() - t0) / 1000;

  console.log('» quality: sizes, files, build tools, SBOMs');
  const quality = await checkQuality(built, { images });
  const report = { tag, bases, buildSeconds, images: built.map((b) => ({ ...b, ...quality.byName[b.name] })) };
  writeReport(report);
  console.log(`\n${quality.table}`);
  console.log(
    `\nSBOM changes since the previous build (previous SBOMs kept as ${path.relative(ROOT, ARTIFACTS)}/<image>.sbom.previous.cdx.json):`,
  );
  console.log(quality.sbomChanges.join('\n'));
  console.log(
    `\n${built.length} image${built.length > 1 ? 's' : ''} built in ${secs(Date.now() - t0)} (tag ${tag}); report: ${path.relative(ROOT, path.join(ARTIFACTS, 'images.json'))}`,
  );
  if (quality.problems.length) {
    console.error(
      `\n✗ ${quality.problems.length} problem${quality.problems.length > 1 ? 's' : ''} in the final images:\n${quality.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Next: `npm run images:check` starts each image as its Kubernetes manifest runs it and checks it.');
}

main().catch((err) => {
  console.error(`\n✗ npm run images: ${err.message}`);
  process.exit(1);
});
