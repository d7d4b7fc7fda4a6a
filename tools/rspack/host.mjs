// Config factory of the shell (Module Federation host). No remote is known at build time: the shell
// reads /remotes.json at run time. The host is a *runtime-only* federation host: no
// ModuleFederationPlugin in its build, so its first load carries no federation runtime (~32 KB
// gzip). The first time a remote route is visited, the shell loads `@module-federation/enhanced/
// runtime` in a lazy chunk, calls `init()` and hands the share scope the singletons it already runs
// (`shared` with `lib`, versions from package.json through `process.env.MF_SHARED` below). Remotes
// built with `loaded-first` take those instances: one React, one router, one i18next.
// Its dev server answers /remotes.json with the remotes' dev servers and /config.json with the
// runtime configuration (nothing of either is compiled into the build).
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { baseConfig } from './base.mjs';
import { REMOTE_PORTS } from './remote.mjs';
import { runtimeConfigFromEnv } from './runtime-config.mjs';
import { SHARED_MODULES_REQUEST, SLIM_DIR, SLIM_SHARED, sharedConfig, sharedModulesSource } from './shared.mjs';

export const SHELL_PORT = 4200;

/** Dev remotes.json: $DEV_REMOTES_JSON (a file) when set, else the three remote dev servers. */
export function devRemotesJson(env = process.env) {
  if (env.DEV_REMOTES_JSON) return JSON.parse(fs.readFileSync(env.DEV_REMOTES_JSON, 'utf8'));
  return Object.fromEntries(Object.entries(REMOTE_PORTS).map(([name, port]) => [name, `http://localhost:${port}/mf-manifest.json`]));
}

/** What the shell provides to the share scope: request → { version, requiredVersion }. */
export function hostSharedVersions(appDir) {
  return Object.fromEntries(
    Object.entries(sharedConfig(appDir)).map(([request, cfg]) => [request, { version: cfg.version, requiredVersion: cfg.requiredVersion }]),
  );
}

/**
 * Adds tags to the HTML page's head (after its title): `tags(compilation, publicPath)` gives them
 * once the chunks are known.
 */
class HeadTagsPlugin {
  /** @param {string} name @param {(compilation: import('@rspack/core').Compilation, publicPath: string) => string} tags */
  constructor(name, tags) {
    this.name = name;
    this.tags = tags;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(this.name, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(this.name, (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : String(compilation.outputOptions.publicPath ?? '/');
        data.html = data.html.replace('</title>', `</title>${this.tags(compilation, publicPath)}`);
        return data;
      });
    });
  }
}

/** `<link rel="preload" as="script">` for the named async chunks. */
const preloadChunks = (names) =>
  new HeadTagsPlugin('PreloadChunksPlugin', (compilation, publicPath) =>
    [...compilation.chunks]
      .filter((chunk) => chunk.name && names.includes(chunk.name))
      .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
      .map((file) => `<link rel="preload" href="${publicPath}${file}" as="script">`)
      .join(''),
  );

/**
 * Meta tags naming async chunks' script files: the federation runtime, which the composer preloads
 * on a remote's server-rendered page (shell/src/composer; a preload in index.html itself would
 * load it on every page, the home page too).
 */
export const CHUNK_LIST_METAS = { 'pupitre-federation-chunks': ['mf-runtime'] };

/** One `<meta name content="file file…">` per entry of `metas` ({ name: chunk groups }). */
const chunkListMetas = (metas) =>
  new HeadTagsPlugin('ChunkListMetaPlugin', (compilation, publicPath) =>
    Object.entries(metas)
      .map(([meta, groups]) => {
        const files = new Set();
        for (const name of groups) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) compilation.errors.push(new rspack.WebpackError(`ChunkListMetaPlugin: no chunk group named "${name}"`));
          else
            for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(`${publicPath}${file}`);
        }
        return `<meta name="${meta}" content="${[...files].join(' ')}">`;
      })
      .join(''),
  );

/**
 * @param {{ appDir: string, mode?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createHostConfig({ appDir, mode }) {
  // /remotes.json and /config.json are fetched beside main.js (preloads the shell's plain GETs of
  // them take over), so a remote route's manifest can be asked for as soon as main.js runs and the
  // first paint waits for no round trip after main.js (issue #16: no waterfall).
  const headTags = ['/remotes.json', '/config.json']
    .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">`)
    .join('');
  const config = baseConfig({ appDir, port: SHELL_PORT, mode, title: 'Pupitre', publicPath: '/', headTags });
  // A tiny first script holds taps on a server-rendered page until its takeover and warms Intl up
  // while main.js is still downloading (shell/src/early).
  config.entry = { early: './src/early/start.ts', ...config.entry };
  // The language catalogues of the first paint too (the page's language is known only once a script
  // runs: the one chunk holding the three is preloaded; asked for by a script instead, it would
  // wait for that script: one more wave before the first paint). With main.js, early.js, the
  // CSS and the two files above, that is six requests: within a browser's six connections per host
  // over HTTP/1.1, so none waits for another to end.
  config.plugins.push(preloadChunks(['i18n-common']));
  // On a remote's server-rendered page, the composer preloads the federation runtime from this list.
  config.plugins.push(chunkListMetas(CHUNK_LIST_METAS));
  // The federation runtime is one file (not split into its own node_modules and the shell's
  // parts): a remote's page asks for it beside the remote's files, and every request more there
  // waits for a free connection over HTTP/1.1. The shell's other lazy chunks hold no large
  // node_modules to split out either.
  config.optimization.splitChunks = { cacheGroups: { defaultVendors: false } };
  // The shell itself uses (and provides to the remotes) the same curated re-exports as the
  // remotes consume, so the namespace objects it shares stay small.
  for (const pkg of SLIM_SHARED) config.resolve.alias[`${pkg}$`] = path.join(SLIM_DIR, `${pkg}.mjs`);
  const sharedModulesFile = path.join(appDir, 'src', '__generated__shared-modules.js');
  config.resolve.alias[`${SHARED_MODULES_REQUEST}$`] = sharedModulesFile;
  config.plugins.push(new rspack.experiments.VirtualModulesPlugin({ [sharedModulesFile]: sharedModulesSource() }));
  config.plugins.push(new rspack.DefinePlugin({ 'process.env.MF_SHARED': JSON.stringify(JSON.stringify(hostSharedVersions(appDir))) }));
  const publicDir = path.join(appDir, 'public');
  if (fs.existsSync(publicDir)) config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, to: '.' }] }));
  config.devServer.setupMiddlewares = (middlewares) => {
    const json = (name, body) => ({
      name,
      path: `/${name}`,
      middleware: (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(body()));
      },
    });
    middlewares.unshift(
      json('remotes.json', () => devRemotesJson()),
      json('config.json', () => runtimeConfigFromEnv()),
    );
    return middlewares;
  };
  return config;
}
