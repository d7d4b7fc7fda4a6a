// Debian's Chromium is the only browser the end-to-end tests use; browsers are never downloaded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { which } from '../../infra/local/lib/which.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() === 0 && which('apt-get')) {
    console.log('installing Debian chromium with apt-get (first run only)…');
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  return CHROMIUM;
}
