import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostConfig } from '../tools/rspack/index.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}, argv = {}) => createHostConfig({ appDir, mode: argv.mode ?? (env.RSPACK_SERVE ? 'development' : 'production') });
