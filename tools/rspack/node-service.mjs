// rspack configuration factory for the NestJS services: bundles one service (and the @pupitre/*
// workspace libraries it imports) into CommonJS files under <service>/dist/, one per entry.
// Everything else imported by a bare specifier stays in node_modules and is require()d at run time;
// NestJS is ESM-only and loads through Node 24's require(esm).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const swcOptions = require('../swc.cjs');

const WORKSPACE_PREFIX = '@pupitre/';

/** True for imports that must stay outside the bundle (packages from node_modules, node builtins). */
export function isExternal(request) {
  if (!request || request.startsWith('.') || path.isAbsolute(request)) return false;
  return !request.startsWith(WORKSPACE_PREFIX);
}

/**
 * @param {{ serviceDir: string, entries: Record<string, string> }} options
 *   serviceDir – absolute path of the service (its package folder)
 *   entries    – output name → source file relative to serviceDir, e.g. { main: './src/main.ts' }
 * @returns {import('@rspack/core').Configuration}
 */
export function nodeServiceConfig({ serviceDir, entries }) {
  const production = process.env.NODE_ENV !== 'development';
  return {
    context: serviceDir,
    mode: production ? 'production' : 'development',
    target: 'node24',
    entry: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, { import: file }])),
    output: {
      path: path.join(serviceDir, 'dist'),
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:8].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    devtool: 'source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      // Workspace libs export their TypeScript sources ("main": "src/index.ts").
      conditionNames: ['node', 'require', 'import', 'default'],
    },
    externalsPresets: { node: true },
    externals: [({ request }, callback) => (isExternal(request) ? callback(undefined, `commonjs ${request}`) : callback())],
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: swcOptions({ module: 'es6' }),
          type: 'javascript/auto',
        },
      ],
    },
    optimization: {
      // Keep class and function names: Nest's DI tokens and log contexts use them.
      minimize: false,
      nodeEnv: false,
    },
    node: { __dirname: false, __filename: false },
    stats: 'errors-warnings',
    performance: { hints: false },
    ignoreWarnings: [/Critical dependency/],
  };
}
