import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '../tools/rspack/index.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}, argv = {}) =>
  createRemoteConfig({ appDir, name: 'community', mode: argv.mode ?? (env.RSPACK_SERVE ? 'development' : 'production') });
