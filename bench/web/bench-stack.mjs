// The stack every web bench measures: the apps built (Nx cache), then a stack of its own on free ports with demo data, the
// built apps behind the edge (nginx), no rate limits (the load comes from one address), quiet logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from '../../infra/local/lib/build.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { freePorts, startStack, UNLIMITED_RATES } from '../../infra/local/stack.mjs';

/** Builds, then starts the stack in a temporary folder named after `prefix` (`dir`: the caller removes it); progress on stdout. */
export async function startBenchStack(prefix) {
  console.log('building (Nx cache)…');
  buildAll({ quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const remotesFile = path.join(dir, 'remotes.json');
  fs.copyFileSync(path.join(ROOT, 'infra/local/remotes.json'), remotesFile);
  console.log('starting a stack on free ports…');
  const stack = await startStack({
    ports: await freePorts(),
    dataDir: dir,
    remotesFile,
    useEnv: false,
    publicHost: '127.0.0.1',
    env: { LOG_LEVEL: 'warn', ...UNLIMITED_RATES },
  });
  return { stack, dir };
}
