// Calls validate-objects.mjs in a child Node process (see there why) and returns its results.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../local/lib/paths.mjs';

const SCRIPT = path.join(ROOT, 'infra/k8s/test/validate-objects.mjs');

/** @returns {{ object: string, errors: string[] }[]} one entry per object, in order. */
export function validateObjects(objects) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-validate-')), 'objects.json');
  fs.writeFileSync(file, JSON.stringify(objects));
  try {
    const out = execFileSync(process.execPath, [SCRIPT, file], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(out);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
