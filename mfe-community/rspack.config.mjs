import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, createRendererConfig } from '../tools/rspack/index.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The remote (and its standalone page's runtime), then its renderer (issue #39), in one build.
export default (env = {}, argv = {}) => {
  const mode = argv.mode ?? (env.RSPACK_SERVE ? 'development' : 'production');
  const configs = createRemoteConfig({ appDir, name: 'community', mode });
  // `rspack serve` (a team's dev server) serves the browser build only.
  return env.RSPACK_SERVE ? configs : [...configs, createRendererConfig({ appDir, name: 'community', mode })];
};
