// Config factory of a micro-frontend (Module Federation remote). Exposes `./routes` only; emits
// remoteEntry.js and mf-manifest.json into <app>/dist (or $MFE_OUT_DIR); also builds a standalone
// page (src/main.ts → bootstrap.tsx) served by its own dev server.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig } from './base.mjs';
import { sharedConfig } from './shared.mjs';

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
      exposes: { './routes': './src/routes.tsx' },
      shared: sharedConfig(appDir),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      experiments: { optimization: { target: 'web' } },
    }),
  );
  return config;
}
