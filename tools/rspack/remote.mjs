// Config factory of a micro-frontend (Module Federation remote). Exposes `./routes` only; emits
// remoteEntry.js and mf-manifest.json into <app>/dist (or $MFE_OUT_DIR); also builds a standalone
// page (src/main.ts → bootstrap.tsx) served by its own dev server.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig } from './base.mjs';
import { sharedConfig } from './shared.mjs';
import { RouteDeclarationsPlugin } from './route-declarations.mjs';

export const REMOTE_PORTS = { community: 4201, review: 4202, account: 4203 };

/**
 * @param {{ appDir: string, name: 'community' | 'review' | 'account', mode?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createRemoteConfig({ appDir, name, mode }) {
  const port = REMOTE_PORTS[name];
  if (!port) throw new Error(`unknown remote "${name}"`);
  const config = baseConfig({ appDir, port, mode, title: `Pupitre · ${name}`, publicPath: 'auto' });
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
      experiments: { optimization: { target: 'web' } },
    }),
    new RouteDeclarationsPlugin(appDir),
  );
  return config;
}
