// Part of `npm run bench:web` (after run.mjs): Lighthouse accessibility and best-practices on every
// route of the product, signed out, phone (Lighthouse's mobile default) and desktop, in Debian's
// Chromium, against a stack of its own on free ports with its demo data. Target: 100 everywhere.
// Prints each audit that lost points. Not part of `npm test` (e2e/responsive.e2e.ts checks axe,
// overflow, console and tap targets on every route in npm test).
// Options: --only /path (one route), --desktop-only, --phone-only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { buildAll } from '../../infra/local/lib/build.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { freePorts, startStack } from '../../infra/local/stack.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';

/** Every route a signed-out visitor can open (the signed-in ones answer with the sign-in page). */
export const ROUTES = [
  '/',
  '/communaute',
  '/teacher/1',
  '/ranking',
  '/publication',
  '/publication?teacher=2',
  '/publication/complete?id=1',
  '/transparence',
  '/moderation',
  '/auth',
  '/auth?form=signup',
  '/me',
  '/settings',
  '/password/reset/confirm/MQ/some-token/',
  '/conditions-service',
  '/politique-des-cookies',
  '/politique-de-privacite',
  '/no/such/page',
];
const CATEGORIES = ['accessibility', 'best-practices'];
const TARGET = 100;

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const formFactors = process.argv.includes('--desktop-only')
  ? ['desktop']
  : process.argv.includes('--phone-only')
    ? ['phone']
    : ['phone', 'desktop'];

async function audit(chrome, url, formFactor) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  const { categories, audits } = result.lhr;
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of categories[id].auditRefs) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) lost.push(`${id}: ${ref.id} (${a.title})`);
    }
  }
  return { scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)])), lost };
}

async function main() {
  process.env.CHROME_PATH ??= CHROMIUM;
  const routes = arg('--only') ? [arg('--only')] : ROUTES;
  console.log('building (Nx cache)…');
  buildAll({ quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-quality-'));
  const remotesFile = path.join(dir, 'remotes.json');
  fs.copyFileSync(path.join(ROOT, 'infra/local/remotes.json'), remotesFile);
  console.log('starting a stack on free ports…');
  const stack = await startStack({
    ports: await freePorts(),
    dataDir: dir,
    remotesFile,
    useEnv: false,
    publicHost: '127.0.0.1',
    env: { LOG_LEVEL: 'warn' },
  });
  const rows = [];
  // One browser for every run (a fresh one per page costs seconds each on this machine).
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    for (const route of routes) {
      for (const formFactor of formFactors) {
        const r = await audit(chrome, `${stack.url}${route}`, formFactor);
        rows.push({ route, formFactor, ...r });
        console.log(
          `  ${route} (${formFactor}): ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}${r.lost.length ? `\n    ${r.lost.join('\n    ')}` : ''}`,
        );
      }
    }
  } finally {
    await chrome.kill();
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n| route | form factor | ${CATEGORIES.join(' | ')} |`);
  console.log(`|---|---|${CATEGORIES.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.route} | ${r.formFactor} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} |`);
  const missed = rows.filter((r) => CATEGORIES.some((c) => r.scores[c] < TARGET));
  console.log(
    `\nTarget: accessibility and best-practices ${TARGET} on every route → ${missed.length ? `MISSED on ${missed.map((r) => `${r.route} (${r.formFactor})`).join(', ')}` : 'OK'}`,
  );
  if (missed.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
