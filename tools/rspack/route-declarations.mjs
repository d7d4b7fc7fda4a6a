// A remote's pages travel in its build's manifest: this plugin adds the remote's route declarations
// (`src/route-declarations.json`: paths, titles, sign-in, footer, first reads, server rendering) to mf-manifest.json
// under `pupitre.routes`, and the navbar links its pages declare (`nav` on a page) under
// `pupitre.nav` as { path, label, order, audience, style }: a list of its own, so that a shell
// that predates the links still reads the pages. The shell reads both at run time
// (libs/mf-runtime/src/remote-routes.ts): a new page or link needs no shell release. Schema:
// parseRouteDeclarations and parseNavDeclarations in @pupitre/contracts (front-end-routes.ts).
// Each page's screen is a chunk of its own named after its path (`routeChunkName`, lazyScreen in
// @pupitre/ui): the plugin lists that chunk's files under the route (`files`), which the shell
// preloads with the remote's entry when the page is opened.
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { routeChunkName } from './route-chunk-name.mjs';
import { manifestDeclarations, navProblem, readRouteDeclarations } from './route-declarations-check.mjs';

export { manifestDeclarations, navProblem, readRouteDeclarations, routeChunkName };

const MANIFEST = 'mf-manifest.json';

/** The files (relative to the manifest) of the chunk group `name`, or null when there is none. */
function chunkGroupFiles(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) return null;
  const files = new Set();
  for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  return [...files].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')) || a.localeCompare(b));
}

export class RouteDeclarationsPlugin {
  constructor(appDir, env = process.env) {
    this.appDir = appDir;
    // The build's version (as base.mjs defines MFE_VERSION): the composer splices a renderer's HTML
    // only into a page whose browser code is the same build (issue #39).
    this.version = env.MFE_VERSION || JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')).version;
  }

  apply(compiler) {
    const { file, routes } = readRouteDeclarations(this.appDir);
    compiler.hooks.thisCompilation.tap('RouteDeclarationsPlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap(
        { name: 'RouteDeclarationsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset(MANIFEST);
          if (!asset) {
            compilation.errors.push(
              new rspack.WebpackError(`RouteDeclarationsPlugin: ${MANIFEST} was not emitted (is manifest: true set?)`),
            );
            return;
          }
          const manifest = JSON.parse(asset.source.source().toString());
          const declared = manifestDeclarations(routes);
          const withFiles = declared.routes.map((route) => {
            const name = routeChunkName(route.path);
            const files = chunkGroupFiles(compilation, name);
            if (!files)
              compilation.errors.push(
                new rspack.WebpackError(
                  `RouteDeclarationsPlugin: the screen of ${route.path} is in no chunk named "${name}": map it in the routes module with lazyScreen(() => import(/* webpackChunkName: "${name}" */ './…'), '…')`,
                ),
              );
            return files ? { ...route, files } : route;
          });
          manifest.pupitre = { version: this.version, routes: withFiles, nav: declared.nav };
          compilation.updateAsset(MANIFEST, new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}
