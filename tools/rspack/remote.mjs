// Config factory of a micro-frontend (Module Federation remote). Exposes `./routes` only; emits
// remoteEntry.js and mf-manifest.json into <app>/dist (or $MFE_OUT_DIR); also builds a standalone
// page (src/main.ts → bootstrap.tsx) served by its own dev server.
// The remote carries no federation runtime of its own (`experiments.externalRuntime`): inside the
// shell it uses the shell's; its standalone page loads ./standalone-runtime.mjs's bundle first.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { baseConfig } from './base.mjs';
import { sharedConfig } from './shared.mjs';
import { checkRemoteName } from './remote-name.mjs';
import { RouteDeclarationsPlugin } from './route-declarations.mjs';
import { IntegrityManifestPlugin } from './integrity-manifest.mjs';
import { STANDALONE_RUNTIME_FILE, standaloneRuntimeConfig } from './standalone-runtime.mjs';

/** The dev-server ports of this repository's remotes; another remote gives its own (`port`). */
export const REMOTE_PORTS = { community: 4201, review: 4202, account: 4203 };

/**
 * Any remote, this repository's or another team's: its name is a valid remote name
 * (./remote-name.mjs), the shell learns it from /remotes.json.
 * @param {{ appDir: string, name: string, mode?: string, port?: number }} options
 * @returns {import('@rspack/core').Configuration[]} the remote, then its standalone page's runtime
 */
export function createRemoteConfig({ appDir, name, mode, port = REMOTE_PORTS[name] }) {
  checkRemoteName(name);
  if (!port) throw new Error(`remote "${name}": give its dev server a port (createRemoteConfig({ port }))`);
  const headTags = `<script defer src="${STANDALONE_RUNTIME_FILE}"></script>`;
  const config = baseConfig({ appDir, port, mode, title: `Pupitre · ${name}`, publicPath: 'auto', headTags });
  config.name = name;
  config.output.clean = { keep: STANDALONE_RUNTIME_FILE };
  // A page's screen is one file with everything it uses beside the routes module: no chunk of code
  // shared between pages (it was a third file on every page of the community remote, and over
  // HTTP/1.1 the requests after the sixth wait for a free connection). A module two pages use is
  // in both files; each page still loads only its own.
  config.optimization.splitChunks = { chunks: 'async', cacheGroups: { default: false, defaultVendors: false } };
  config.plugins.push(
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      // `$MFE_ROUTES_MODULE` exposes another route map (a variant build of the e2e suite).
      exposes: { './routes': process.env.MFE_ROUTES_MODULE ? path.resolve(process.env.MFE_ROUTES_MODULE) : './src/routes.tsx' },
      shared: sharedConfig(appDir),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      experiments: { optimization: { target: 'web' }, externalRuntime: true },
    }),
    new RouteDeclarationsPlugin(appDir),
  );
  // Subresource Integrity (production builds): the remote's runtime loads each chunk with its hash,
  // and with crossorigin="anonymous" when the chunk is on another origin than the page (a CDN: the
  // shell's /remotes.json then carries the entry's hash, docs/security/supply-chain.md); the
  // manifest lists every file's hash for the shell's preloads.
  if (config.mode === 'production') {
    config.output.crossOriginLoading = 'anonymous';
    config.plugins.push(new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'] }), new IntegrityManifestPlugin());
  }
  return [config, standaloneRuntimeConfig({ outDir: config.output.path, production: config.mode === 'production' })];
}
