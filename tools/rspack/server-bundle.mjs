// Server bundles of front-end code (issue #39): the shell's composer and the remotes' renderers run
// the same components as the browser, in Node. A server bundle is its app's browser configuration
// turned to Node: the same sources, loaders and CSS-module class names (same context, uniqueName
// and rules; the CSS itself is left to the browser build, only the class map is kept), the whole
// react-router (its StaticRouter), everything bundled into one folder an image can carry alone.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { SLIM_SHARED } from './shared.mjs';

/**
 * @param {import('@rspack/core').Configuration} browser the app's browser configuration
 * @param {{ entry: Record<string, string>, outDir: string }} options entry name → source, output folder
 * @returns {import('@rspack/core').Configuration}
 */
export function serverBundleConfig(browser, { entry, outDir }) {
  const kept = (browser.plugins ?? []).filter(
    (plugin) => plugin instanceof rspack.DefinePlugin || plugin instanceof rspack.experiments.VirtualModulesPlugin,
  );
  return {
    mode: browser.mode,
    context: browser.context,
    target: 'node24',
    entry,
    output: {
      path: outDir,
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:8].js',
      library: { type: 'commonjs2' },
      uniqueName: browser.output?.uniqueName,
      publicPath: browser.output?.publicPath,
      clean: true,
    },
    devtool: false,
    resolve: {
      ...browser.resolve,
      // The browser's curated re-exports (tools/rspack/slim) leave out the server APIs.
      alias: Object.fromEntries(
        Object.entries(browser.resolve?.alias ?? {}).filter(([key]) => !SLIM_SHARED.includes(key.replace(/\$$/, ''))),
      ),
      conditionNames: ['node', 'import', 'require', 'default'],
    },
    module: {
      ...browser.module,
      // The shared-singleton import check is the browser's concern (no federation on the server).
      rules: (browser.module?.rules ?? []).map((rule) =>
        rule && typeof rule === 'object' && Array.isArray(rule.use)
          ? { ...rule, use: rule.use.filter((use) => !String(use?.loader ?? use).includes('shared-exports-loader')) }
          : rule,
      ),
      generator: { ...browser.module?.generator, 'css/auto': { exportsOnly: true } },
    },
    plugins: [...kept, new rspack.DefinePlugin({ 'process.env.PUPITRE_SERVER_BUNDLE': JSON.stringify('1') })],
    optimization: { minimize: false, splitChunks: false, moduleIds: 'named', chunkIds: 'named' },
    performance: { hints: false },
    lazyCompilation: false,
  };
}

export const serverOutDir = (appDir) => path.join(appDir, 'dist-server');
