// Subresource Integrity of a remote's files, for a shell that loads them from another origin (a
// CDN; issue #41). rspack's SubresourceIntegrityPlugin puts the hash of every chunk into the
// remote's runtime (remoteEntry.js), which then loads each chunk with `integrity` (and
// `crossorigin="anonymous"` when it is on another origin: output.crossOriginLoading). This plugin
// writes the same hashes into mf-manifest.json, under `pupitre.integrity` (file → "sha384-…"), for
// the shell's preloads of those files (a preload without the integrity its script asks for is not
// used: the file would download twice) and for the deploy step that records the entry's hash in
// the shell's /remotes.json (docs/security/supply-chain.md).
import { rspack } from '@rspack/core';
import { integrityMap, withIntegrity } from './integrity-map.mjs';

export { integrityMap, integrityOf, withIntegrity } from './integrity-map.mjs';

const MANIFEST = 'mf-manifest.json';

export class IntegrityManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('IntegrityManifestPlugin', (compilation) => {
      // After every other change to the files (REPORT is the last stage; the route declarations
      // write the manifest at REPORT too): the hashes are those of the bytes served.
      compilation.hooks.processAssets.tap(
        { name: 'IntegrityManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          const manifest = compilation.getAsset(MANIFEST);
          if (!manifest) {
            compilation.errors.push(
              new rspack.WebpackError(`IntegrityManifestPlugin: ${MANIFEST} was not emitted (is manifest: true set?)`),
            );
            return;
          }
          const assets = compilation.getAssets().map((a) => ({ name: a.name, bytes: a.source.buffer() }));
          const json = withIntegrity(JSON.parse(manifest.source.source().toString()), integrityMap(assets));
          compilation.updateAsset(MANIFEST, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
        },
      );
    });
  }
}
