// Config factory of the shell (Module Federation host). No remote is known at build time
// (`remotes: {}`): the shell reads /remotes.json at start-up. Its dev server answers /remotes.json
// with the remotes' dev servers (nothing of it is compiled into the build).
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readFileSync } from 'node:fs';
import { baseConfig } from './base.mjs';
import { REMOTE_PORTS } from './remote.mjs';
import { sharedConfig } from './shared.mjs';

export const SHELL_PORT = 4200;

/** Dev remotes.json: $DEV_REMOTES_JSON (a file) when set, else the three remote dev servers. */
export function devRemotesJson(env = process.env) {
  if (env.DEV_REMOTES_JSON) return JSON.parse(readFileSync(env.DEV_REMOTES_JSON, 'utf8'));
  return Object.fromEntries(Object.entries(REMOTE_PORTS).map(([name, port]) => [name, `http://localhost:${port}/mf-manifest.json`]));
}

/**
 * @param {{ appDir: string, mode?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createHostConfig({ appDir, mode }) {
  const config = baseConfig({ appDir, port: SHELL_PORT, mode, title: 'Pupitre', publicPath: '/' });
  config.plugins.push(
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: sharedConfig(appDir),
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      experiments: { optimization: { target: 'web' } },
    }),
  );
  config.devServer.setupMiddlewares = (middlewares) => {
    middlewares.unshift({
      name: 'dev-remotes-json',
      path: '/remotes.json',
      middleware: (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(devRemotesJson()));
      },
    });
    return middlewares;
  };
  return config;
}
