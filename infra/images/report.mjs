// The report of `npm run images` (artifacts/images/images.json): what was built, with which tag and
// bases, sizes and quality; `npm run images:check` reads it to know which images to start.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';

export const ARTIFACTS = path.join(ROOT, 'artifacts/images');
const FILE = path.join(ARTIFACTS, 'images.json');

export function writeReport(report) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let previous = {};
  try {
    previous = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  } catch {
    // first report
  }
  // A partial build (--only) keeps the other images of the same tag.
  const kept = previous.tag === report.tag ? (previous.images ?? []).filter((i) => !report.images.some((r) => r.name === i.name)) : [];
  fs.writeFileSync(FILE, `${JSON.stringify({ ...report, images: [...kept, ...report.images] }, null, 2)}\n`);
}

export function readReport() {
  try {
    return JSON.parse(fs.readFileSync(FILE, 'utf8'));
  } catch {
    throw new Error(`no image report at ${path.relative(ROOT, FILE)}: run \`npm run images\` first`);
  }
}
