// Debian's Chromium is the only browser the end-to-end tests use; browsers are never downloaded.
import fs from 'node:fs';
import { ensureAptPackage } from '../../infra/local/lib/apt.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (CHROMIUM === '/usr/bin/chromium') return ensureAptPackage('chromium', 'chromium');
  throw new Error(`Chromium not found at CHROMIUM_PATH=${CHROMIUM}.`);
}
