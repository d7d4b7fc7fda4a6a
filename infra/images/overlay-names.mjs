// The image names each kustomize overlay renders (its `images:` list), read from the overlays'
// kustomization.yaml: what to tag or push a built image as for that overlay.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../local/lib/paths.mjs';

export const OVERLAYS_DIR = path.join(ROOT, 'infra/k8s/overlays');

/** { 'pupitre/auth': { dev: 'pupitre/auth:dev', prod: 'registry.example.org/pupitre/auth:1.0.0' }, ... } */
export function overlayImageNames(dir = OVERLAYS_DIR) {
  /** @type {Record<string, Record<string, string>>} */
  const out = {};
  for (const overlay of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, overlay, 'kustomization.yaml');
    if (!fs.existsSync(file)) continue;
    for (const img of parse(fs.readFileSync(file, 'utf8')).images ?? []) {
      out[img.name] ??= {};
      out[img.name][overlay] = `${img.newName ?? img.name}${img.digest ? `@${img.digest}` : `:${img.newTag ?? 'latest'}`}`;
    }
  }
  return out;
}
