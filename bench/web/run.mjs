// `npm run bench:web`: first-load JS and CSS (gzip) of / and /auth, and Lighthouse (desktop preset,
// Debian's Chromium) performance score, LCP, TBT and CLS of both, against a stack of its own on free
// ports. Targets: first-load JS of / ≤ 120 KB gzip; Lighthouse performance ≥ 95 (desktop).
// Not part of `npm test`. Options: --runs N (Lighthouse runs per page, median kept; default 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { buildAll } from '../../infra/local/lib/build.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { freePorts, startStack } from '../../infra/local/stack.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';

const PAGES = ['/', '/auth'];
const TARGET_JS_KB = 120;
const TARGET_SCORE = 95;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** JS and CSS the page loads until the network is idle, gzipped (level 9, as served). */
async function firstLoad(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  const assets = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  // A request made before the load event is part of the first load; later ones (the carousel,
  // fetched once the page is idle) are counted apart.
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push({ type, request, beforeLoad: !loaded });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let js = 0;
  let css = 0;
  let lateJs = 0;
  const files = [];
  for (const asset of assets) {
    const response = await asset.request.response();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const size = zlib.gzipSync(body, { level: 9 }).length;
    if (asset.type === 'script' && asset.beforeLoad) js += size;
    else if (asset.type === 'script') lateJs += size;
    else css += size;
    files.push(`${asset.type === 'script' ? 'js ' : 'css'} ${kb(size).padStart(6)} KB  ${asset.beforeLoad ? 'first load' : 'after load'}  ${new URL(asset.request.url()).pathname}`);
  }
  await context.close();
  return { js, css, lateJs, files };
}

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    const { audits, categories } = result.lhr;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  process.env.CHROME_PATH ??= CHROMIUM;
  console.log('building (Nx cache)…');
  buildAll({ quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-bench-'));
  const remotesFile = path.join(dir, 'remotes.json');
  fs.copyFileSync(path.join(ROOT, 'infra/local/remotes.json'), remotesFile);
  console.log('starting a stack on free ports…');
  const stack = await startStack({ ports: await freePorts(), dataDir: dir, remotesFile, useEnv: false, publicHost: '127.0.0.1', env: { LOG_LEVEL: 'warn' } });
  const rows = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const pagePath of PAGES) {
      const url = `${stack.url}${pagePath}`;
      await firstLoad(browser, url); // warm the server's gzip cache and the services
      const load = await firstLoad(browser, url);
      const lh = [];
      for (let i = 0; i < runs; i++) lh.push(await lighthouseRun(url));
      rows.push({ path: pagePath, ...load, score: median(lh.map((r) => r.score)), lcp: median(lh.map((r) => r.lcp)), tbt: median(lh.map((r) => r.tbt)), cls: median(lh.map((r) => r.cls)) });
    }
    await browser.close();
  } finally {
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  console.log('\nFirst-load assets (gzip):');
  for (const row of rows) {
    console.log(`  ${row.path}`);
    for (const file of row.files) console.log(`    ${file}`);
  }
  console.log(`\n| page | first-load JS gzip (before load event) | JS after load, until idle | all JS | CSS gzip | Lighthouse perf (desktop) | LCP | TBT | CLS |`);
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) {
    console.log(`| ${r.path} | ${kb(r.js)} KB | ${kb(r.lateJs)} KB | ${kb(r.js + r.lateJs)} KB | ${kb(r.css)} KB | ${r.score} | ${Math.round(r.lcp)} ms | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`);
  }
  console.log('(/auth: the account micro-frontend and the federation runtime load after the shell\'s load event but are needed for the screen: count "all JS".)');
  const home = rows.find((r) => r.path === '/');
  console.log(`\nTargets: first-load JS of / ≤ ${TARGET_JS_KB} KB gzip → ${kb(home.js)} KB ${home.js / 1024 <= TARGET_JS_KB ? 'OK' : 'MISSED'}; ` +
    `Lighthouse performance ≥ ${TARGET_SCORE} → ${rows.map((r) => `${r.path} ${r.score} ${r.score >= TARGET_SCORE ? 'OK' : 'MISSED'}`).join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
