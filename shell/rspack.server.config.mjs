// The composer (shell/src/composer): the shell's layout rendered in Node, around the remotes'
// server-rendered pages (issue #39). Built beside the browser build by `npm run build`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostConfig } from '../tools/rspack/index.mjs';
import { serverBundleConfig, serverOutDir } from '../tools/rspack/server-bundle.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env = {}, argv = {}) =>
  serverBundleConfig(createHostConfig({ appDir, mode: argv.mode ?? 'production' }), {
    entry: { composer: './src/composer/main.ts' },
    outDir: serverOutDir(appDir),
  });
