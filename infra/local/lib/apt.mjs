import { execFileSync } from 'node:child_process';
import { which } from './which.mjs';

/** Makes sure `bin` is on PATH, installing Debian's `pkg` with apt-get when we are root. */
export function ensureAptPackage(bin, pkg, { log = console.log } = {}) {
  let found = which(bin);
  if (found) return found;
  if (process.getuid?.() === 0 && which('apt-get')) {
    log(`installing ${pkg} with apt-get (first run only)…`);
    execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`], { stdio: 'inherit' });
    found = which(bin);
  }
  if (!found) throw new Error(`${bin} is not installed: run \`sudo apt-get install -y ${pkg}\`.`);
  return found;
}
