// Config factory of a remote's renderer (issue #39): the remote's server-side build, from the very
// route modules of its browser build, as one CommonJS file for Node (`<app>/dist-server/renderer.js`,
// or `$MFE_OUT_DIR-server` beside a variant build). It shares base.mjs with the browser build (same
// swc, same DefinePlugin build version, same CSS Modules parser and hashing inputs: context, uniqueName,
// mode), so class names are equal to the browser build's; CSS itself is not emitted (`exportsOnly`).
// A remote adopts it by adding `createRendererConfig(...)` to its rspack.config.mjs and a
// `src/server/main.ts` (see mfe-community/src/server).
import path from 'node:path';
import { rspack } from '@rspack/core';
import { baseConfig } from './base.mjs';
import { createRemoteConfig } from './remote.mjs';

export const RENDERER_FILE = 'renderer.js';

/** Where a remote's renderer is built: `<appDir>/dist-server/renderer.js` (or `$MFE_OUT_DIR-server/renderer.js`). */
export function rendererPath(appDir, env = process.env) {
  return path.join(path.resolve(appDir, env.MFE_OUT_DIR ? `${env.MFE_OUT_DIR}-server` : 'dist-server'), RENDERER_FILE);
}

/**
 * @param {{ appDir: string, name: string, mode?: string, entry?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createRendererConfig({ appDir, name, mode, entry = './src/server/main.ts' }) {
  const config = baseConfig({ appDir, port: 0, mode, title: name, publicPath: 'auto' });
  const output = rendererPath(appDir);
  config.name = `${name}-renderer`;
  config.target = 'node24';
  config.entry = { renderer: entry };
  config.output = {
    ...config.output,
    path: path.dirname(output),
    filename: '[name].js',
    chunkFilename: '[name].js',
    library: { type: 'commonjs2' },
    // One file: the image copies it alone.
    asyncChunks: false,
    clean: true,
  };
  config.externalsPresets = { node: true };
  config.module.generator = { 'css/auto': { exportsOnly: true } };
  // No federation here: every import is bundled, so the shared-singleton import check does not apply.
  for (const rule of config.module.rules)
    if (Array.isArray(rule.use)) rule.use = rule.use.filter((use) => !String(use.loader).includes('shared-exports-loader'));
  config.plugins = config.plugins.filter((plugin) => !(plugin instanceof rspack.HtmlRspackPlugin));
  config.plugins.push(new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }));
  // A variant build (`$MFE_ROUTES_MODULE`, `$MFE_ROUTE_DECLARATIONS`, as remote.mjs reads them)
  // renders the variant's route map and declarations.
  if (process.env.MFE_ROUTES_MODULE)
    config.plugins.push(new rspack.NormalModuleReplacementPlugin(/^\.\.\/routes$/, path.resolve(process.env.MFE_ROUTES_MODULE)));
  if (process.env.MFE_ROUTE_DECLARATIONS)
    config.plugins.push(
      new rspack.NormalModuleReplacementPlugin(/^\.\.\/route-declarations\.json$/, path.resolve(process.env.MFE_ROUTE_DECLARATIONS)),
    );
  // Readable stacks in the logs; the file is not downloaded by anyone.
  config.optimization = { ...config.optimization, minimize: false };
  config.devtool = false;
  delete config.devServer;
  return config;
}

/**
 * A remote's whole build, as its rspack.config.mjs exports it: the browser build (and its standalone
 * page's runtime), then its renderer. `rspack serve` (a team's dev server) serves the browser build only.
 * @param {{ appDir: string, name: string }} options
 */
export function remoteBuildWithRenderer({ appDir, name }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode ?? (env.RSPACK_SERVE ? 'development' : 'production');
    const configs = createRemoteConfig({ appDir, name, mode });
    return env.RSPACK_SERVE ? configs : [...configs, createRendererConfig({ appDir, name, mode })];
  };
}
