// The hashes IntegrityManifestPlugin (./integrity-manifest.mjs) writes into a remote's manifest:
// plain functions, without rspack, for the tests and the deploy step.
import { createHash } from 'node:crypto';

export const INTEGRITY_ALGORITHM = 'sha384';

/** The SRI value of some bytes: "sha384-<base64>". */
export const integrityOf = (bytes) => `${INTEGRITY_ALGORITHM}-${createHash(INTEGRITY_ALGORITHM).update(bytes).digest('base64')}`;

/** { file: integrity } for the scripts and styles among `assets` ({ name, bytes }), sorted by file. */
export function integrityMap(assets) {
  return Object.fromEntries(
    assets
      .filter(({ name }) => /\.(js|css)$/.test(name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, bytes }) => [name, integrityOf(bytes)]),
  );
}

/** The manifest with `pupitre.integrity` set (what the route declarations put under `pupitre` kept). */
export const withIntegrity = (manifest, integrity) => ({ ...manifest, pupitre: { ...manifest.pupitre, integrity } });
