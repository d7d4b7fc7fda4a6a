// Each image's SBOM in artifacts/images/: <image>.sbom.cdx.json for this build, and the one it
// replaces kept as <image>.sbom.previous.cdx.json, so a build says what changed since the last
// one (sbom-diff.mjs) and the two files stay side by side for a closer look.
import fs from 'node:fs';
import path from 'node:path';
import { diffSboms } from './sbom-diff.mjs';

export const sbomFile = (dir, image) => path.join(dir, `${image}.sbom.cdx.json`);
export const previousSbomFile = (dir, image) => path.join(dir, `${image}.sbom.previous.cdx.json`);

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null; // none yet, or unreadable: compared with nothing
  }
};

/**
 * Writes `sbom` as the image's SBOM, keeping the one it replaces. Returns { file, diff,
 * previousVersion } (the version, i.e. the image tag, the previous SBOM describes; null the first time).
 */
export function writeSbomKeepingPrevious(dir, image, sbom) {
  fs.mkdirSync(dir, { recursive: true });
  const file = sbomFile(dir, image);
  const previous = readJson(file);
  if (previous) fs.copyFileSync(file, previousSbomFile(dir, image));
  fs.writeFileSync(file, `${JSON.stringify(sbom, null, 2)}\n`);
  return {
    file,
    diff: diffSboms(previous, sbom),
    previousVersion: previous ? String(previous.metadata?.component?.version ?? 'the previous build') : null,
  };
}
