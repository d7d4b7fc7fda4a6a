// Part of `npm run bench:web` (after run.mjs): Lighthouse accessibility and best-practices on every
// route of the product, signed out, and the members' pages signed in (a user made through the auth
// API, with a review and a favourite), phone (Lighthouse's mobile default) and desktop, in Debian's
// Chromium, against a stack of its own on free ports with its demo data. Target: 100 everywhere.
// Prints each audit that lost points. Not part of `npm test` (e2e/responsive.e2e.ts checks axe,
// overflow, console and tap targets on every route in npm test).
// Options: --only /path (one route), --desktop-only, --phone-only, --members-only (the signed-in pages).
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';
import { createActivatedUser, publishSampleReview } from '../../e2e/support/accounts.mjs';
import { SESSION_KEYS } from '../../libs/session/src/keys.ts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../../libs/contracts/src/session-transport.ts';
import { startBenchStack } from './bench-stack.mjs';

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
/** The members' pages, audited signed in (`:review` is the user's own review). */
export const MEMBER_ROUTES = ['/me', '/me/favorites', '/me/reviews', '/me/reports', '/settings', '/review/:review/edit'];
const CATEGORIES = ['accessibility', 'best-practices'];
const TARGET = 100;

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const formFactors = process.argv.includes('--desktop-only')
  ? ['desktop']
  : process.argv.includes('--phone-only')
    ? ['phone']
    : ['phone', 'desktop'];

/** Signs the browser in as a login would: the refresh token in its HttpOnly cookie, the e-mail in storage. */
async function signInBrowser(chrome, baseUrl, user) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies([
      {
        name: REFRESH_COOKIE,
        value: user.refresh,
        domain: new URL(baseUrl).hostname,
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEYS.email, user.email]);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** `signedIn`: the browser's storage is kept (Lighthouse clears it before each run otherwise). */
async function audit(chrome, url, formFactor, signedIn = false) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: signedIn };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  const { categories, audits } = result.lhr;
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of categories[id].auditRefs) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) lost.push(`${id}: ${ref.id} (${a.title})`);
    }
  }
  // A signed-in page that sent the browser to sign in was not audited: count it as missed.
  const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (signedIn && landed.startsWith('/auth'))
    return { scores: Object.fromEntries(CATEGORIES.map((id) => [id, 0])), lost: [`landed on ${landed}`] };
  return { scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)])), lost };
}

async function main() {
  process.env.CHROME_PATH ??= CHROMIUM;
  const routes = arg('--only') ? [arg('--only')] : ROUTES;
  const { stack, dir } = await startBenchStack('pupitre-quality');
  const rows = [];
  // One browser for every run (a fresh one per page costs seconds each on this machine).
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const run = async (route, url, signedIn) => {
      for (const formFactor of formFactors) {
        const r = await audit(chrome, url, formFactor, signedIn);
        rows.push({ route, formFactor, ...r });
        console.log(
          `  ${route} (${formFactor}): ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}${r.lost.length ? `\n    ${r.lost.join('\n    ')}` : ''}`,
        );
      }
    };
    if (!process.argv.includes('--members-only')) for (const route of routes) await run(route, `${stack.url}${route}`, false);
    // Then signed in (Lighthouse keeps the storage from here on).
    const members = arg('--only') ? MEMBER_ROUTES.filter((r) => r === arg('--only')) : MEMBER_ROUTES;
    if (members.length > 0) {
      const user = await createActivatedUser(stack, 'quality');
      const review = await publishSampleReview(stack, user);
      await signInBrowser(chrome, stack.url, user);
      for (const route of members) await run(`${route} (signed in)`, `${stack.url}${route.replace(':review', String(review))}`, true);
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
