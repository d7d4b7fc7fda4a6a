// What the host and the remotes share: TypeScript/JSX through the workspace's one swc
// configuration, rspack's built-in CSS (CSS Modules for `*.module.css`), an HTML page, the build
// version marker, hashed file names and a small production output.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { readJson, SLIM_SHARED, slimAliases } from './shared.mjs';

const require = createRequire(import.meta.url);
const swcOptions = require('../swc.cjs');

export const TOOLS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * @param {{ appDir: string, port: number, title: string, publicPath: string, mode?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function baseConfig({ appDir, port, title, publicPath, mode, env = process.env, headTags = '' }) {
  const production = (mode ?? env.NODE_ENV ?? 'production') === 'production';
  const appPkg = readJson(path.join(appDir, 'package.json'));
  // Build-time marker shown by each remote; `MFE_VERSION=2.0.0 MFE_OUT_DIR=dist-v2` builds a second
  // version side by side.
  const version = env.MFE_VERSION || appPkg.version;
  const outDir = path.resolve(appDir, env.MFE_OUT_DIR || 'dist');
  const swc = swcOptions({});
  swc.sourceMaps = !production;
  swc.jsc.transform.react = { runtime: 'automatic', development: !production };

  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    target: ['web', 'es2023'],
    entry: { main: './src/main.ts' },
    output: {
      path: outDir,
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: appPkg.name.replace(/[^a-z0-9]/gi, '_'),
      clean: true,
    },
    devtool: production ? false : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: slimAliases(appDir, production),
    },
    module: {
      // CSS Modules as a default-exported class map (`import styles from './x.module.css'`).
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /[\\/]node_modules[\\/]/,
          use: [
            { loader: 'builtin:swc-loader', options: swc },
            { loader: path.join(TOOLS_DIR, 'shared-exports-loader.cjs'), options: { packages: SLIM_SHARED } },
          ],
          type: 'javascript/auto',
          // Importing a name a module does not export fails the build; imports from a shared
          // singleton (a federation consume, opaque to the bundler) are checked by the loader above.
          parser: { exportsPresence: 'error' },
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(TOOLS_DIR, 'index.html'),
        templateParameters: { title, headTags },
        minify: production,
      }),
      new rspack.DefinePlugin({ 'process.env.MFE_VERSION': JSON.stringify(version) }),
    ],
    optimization: { minimize: production },
    // Lazy compilation (rspack's dev default) defers modules behind proxies that Module Federation's
    // shared-module negotiation does not expect.
    lazyCompilation: false,
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      },
      // A team works alone against the local gateway: the API and auth calls stay same-origin.
      proxy: [{ context: ['/auth', '/api'], target: GATEWAY_URL, changeOrigin: true }],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}
