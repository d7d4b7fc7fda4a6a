#!/usr/bin/env node
// Web benchmark of the community and review micro-frontends (npm run bench:web:remotes).
// Starts a full local stack on free ports (or uses BENCH_URL), then for /communaute, /publication and
// /auth (one route per remote):
//   - the bytes the remote adds on its first visit: every file fetched from /mfe/<remote>/ when the
//     route is opened in a fresh browser (manifest, remoteEntry, chunks, CSS), as transferred (gzip),
//     with the JavaScript share checked against the budget (≤ 60 KB gzip per remote, and none of the
//     password-strength dictionaries: NEVER_FIRST_LOAD); beside them,
//     the shell's federation runtime (its lazy chunks holding the runtime core), loaded once per
//     page whatever the number of remotes (the remotes are built without a runtime of their own);
//   - Lighthouse performance score, LCP and TBT, with the desktop preset (as `npm run bench:web`)
//     and the default mobile one (simulated slow 4G and CPU).
// Writes artifacts/bench/web-remotes.json and prints a table. Exits 1 when a budget is exceeded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import net from 'node:net';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../e2e/support/chromium.mjs';
import { RUNTIME_CORE_TEXT } from '../../e2e/support/page-metrics.mjs';
import { buildAll } from '../../infra/local/lib/build.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { freePorts, startStack, UNLIMITED_RATES } from '../../infra/local/stack.mjs';

export const ROUTES = [
  { path: '/communaute', remote: 'community', ready: '[data-testid="categories"], [data-testid="ranking-list"]' },
  { path: '/publication', remote: 'review', ready: '[data-testid="review-form"]' },
  { path: '/auth', remote: 'account', ready: '[data-testid="login-form"]' },
];
/** BENCH_LIGHTHOUSE=0: the bytes only (a quick run). */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
export const JS_BUDGET_BYTES = 60 * 1024;
/** Chunks that must never be in a first load: the password-strength dictionaries (fetched on a new-password field's first focus). */
export const NEVER_FIRST_LOAD = /\/password-(strength|words)[^/]*\.js$/;
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

/** Transfer sizes of what a fresh browser fetches from /mfe/<remote>/ when it opens `route`. */
async function remoteBytes(browser, baseUrl, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = [];
  const runtime = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    const ownFile = url.pathname.startsWith(`/mfe/${route.remote}/`);
    if (!ownFile && (url.pathname.startsWith('/mfe/') || !url.pathname.endsWith('.js'))) return;
    const response = await request.response();
    const isRuntime = !ownFile && (await response?.text().catch(() => ''))?.includes(RUNTIME_CORE_TEXT);
    if (!ownFile && !isRuntime) return;
    const sizes = await request.sizes().catch(() => null);
    (isRuntime ? runtime : files).push({
      file: url.pathname,
      type: response?.headers()['content-type'] ?? '',
      bytes: sizes ? sizes.responseBodySize : 0,
    });
  });
  await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector(route.ready, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  const sum = (list) => list.reduce((n, f) => n + f.bytes, 0);
  const js = files.filter((f) => /javascript/.test(f.type) || f.file.endsWith('.js'));
  return { totalBytes: sum(files), jsBytes: sum(js), shellRuntimeBytes: sum(runtime), files: files.sort((a, b) => b.bytes - a.bytes) };
}

/** Median Lighthouse performance score, LCP and TBT over RUNS runs. */
async function lighthouseRuns(url, preset) {
  // Lighthouse drives Debian's Chromium over its DevTools port.
  const port = await freePort();
  const chrome = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const { lhr } = result;
      runs.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      });
    }
  } finally {
    await chrome.close();
  }
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return { performance: median('performance'), lcpMs: median('lcpMs'), tbtMs: median('tbtMs'), runs };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  ensureChromium();
  let stack = null;
  let baseUrl = process.env.BENCH_URL;
  let dataDir = null;
  if (!baseUrl) {
    buildAll({ quiet: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-bench-remotes-'));
    stack = await startStack({
      ports: await freePorts(),
      dataDir,
      useEnv: false,
      publicHost: '127.0.0.1',
      env: { LOG_LEVEL: 'warn', ...UNLIMITED_RATES },
    });
    baseUrl = stack.url;
  }
  const results = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      for (const route of ROUTES) {
        const bytes = await remoteBytes(browser, baseUrl, route);
        const skipped = { performance: NaN, lcpMs: NaN, tbtMs: NaN, runs: [] };
        const desktop = LIGHTHOUSE ? await lighthouseRuns(`${baseUrl}${route.path}`, 'desktop') : skipped;
        const mobile = LIGHTHOUSE ? await lighthouseRuns(`${baseUrl}${route.path}`, 'mobile') : skipped;
        results.push({
          route: route.path,
          remote: route.remote,
          ...bytes,
          lighthouse: { desktop, mobile },
          withinBudget: bytes.jsBytes <= JS_BUDGET_BYTES && !bytes.files.some((f) => NEVER_FIRST_LOAD.test(f.file)),
        });
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const out = path.join(ROOT, 'artifacts/bench/web-remotes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), budgetJsBytes: JS_BUDGET_BYTES, results }, null, 2)}\n`);
  console.log(
    'route          remote      remote JS (gzip)       all its files  shell runtime  desktop perf/LCP/TBT     mobile perf/LCP/TBT',
  );
  const lh = (x) => `${x.performance} / ${x.lcpMs} ms / ${x.tbtMs} ms`.padEnd(25);
  for (const r of results) {
    console.log(
      `${r.route.padEnd(15)}${r.remote.padEnd(12)}${`${kb(r.jsBytes)} ${r.withinBudget ? '≤' : '>'} 60 KB`.padEnd(23)}${kb(r.totalBytes).padEnd(15)}${kb(r.shellRuntimeBytes).padEnd(15)}${lh(r.lighthouse.desktop)}${lh(r.lighthouse.mobile)}`,
    );
    for (const f of r.files) console.log(`    ${kb(f.bytes).padStart(9)}  ${f.file}`);
  }
  console.log(`written ${path.relative(ROOT, out)}`);
  if (results.some((r) => !r.withinBudget)) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
