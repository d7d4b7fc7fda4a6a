// Config of the small bundle a remote's standalone page loads before its own scripts: the
// federation runtime the shell provides to the remotes inside it (see ./standalone-runtime.entry.js).
import path from 'node:path';
import { TOOLS_DIR } from './base.mjs';

export const STANDALONE_RUNTIME_FILE = 'standalone-runtime.js';

/**
 * @param {{ outDir: string, production: boolean }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function standaloneRuntimeConfig({ outDir, production }) {
  return {
    name: 'standalone-runtime',
    mode: production ? 'production' : 'development',
    context: TOOLS_DIR,
    target: ['web', 'es2023'],
    entry: { 'standalone-runtime': path.join(TOOLS_DIR, 'standalone-runtime.entry.js') },
    // Beside the remote's files, never cleaned by either build (the remote's keeps this file).
    output: { path: outDir, filename: STANDALONE_RUNTIME_FILE, clean: false },
    devtool: false,
    optimization: { minimize: production },
    performance: { hints: false },
  };
}
