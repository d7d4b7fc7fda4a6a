// `npm run bench:web`: the front end's loading performance, route by route, against a stack of its
// own on free ports (demo data, built apps served gzipped behind the edge: Debian's nginx with the generated configuration, the production path).
//   - first-load JS and CSS (gzip) of each route: what the page fetches before its load event;
//   - request waves: the sequential round trips before the route's content is painted, and the
//     layout shift (Performance API) after load, mobile and desktop (e2e/support/page-metrics.mjs);
//   - Lighthouse 13 (Debian's Chromium, a fresh browser per run) performance score, FCP, LCP, TBT
//     and CLS, medians of --runs runs, with three profiles: `mobile` (the default profile:
//     simulated slow 4G and 4× CPU), `mobile-devtools` (the same with real throttling,
//     --throttling-method=devtools) and `desktop` (the desktop preset).
// With `--baseline DIR` (a folder holding shell/dist and mfe-*/dist of another build, e.g. the
// previous commit's), that build is served by a second edge (nginx) in front of the same services and
// measured side by side, runs alternating, so both see the same machine load.
// With `--baseline-ref REV`, that commit's build is made once in a worktree of its own
// (bench/web/baseline-build.mjs) and measured the same way.
// Issue #39's goals are checked too: LCP ≤ 2 s with real throttling, LCP ≤ 0.7× the predecessor's
// (its figures as the issue recorded them: its build is not in this repository), TBT no worse than
// the baseline build's in the same run, CLS ≤ 0.01; the LCP element of each route is printed.
// Options: --runs N (default 3) · --routes /,/ranking · --profiles mobile,desktop · --baseline DIR
// · --baseline-ref REV.
// Writes artifacts/bench/web.json. Not part of `npm test` (the timing-free guard is
// e2e/web-performance.e2e.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { baselineBuild } from './baseline-build.mjs';
import { startBenchStack } from './bench-stack.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { freePortList } from '../../infra/local/lib/ports.mjs';
import { serveStatic } from '../../infra/local/lib/static-server.mjs';
import { startEdge } from '../../infra/local/lib/edge.mjs';
import { REMOTES } from '../../infra/local/stack.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';
import { layoutShiftAfterLoad, MEASURED_ROUTES, requestWaves, VIEWPORTS } from '../../e2e/support/page-metrics.mjs';

export const TARGETS = {
  homeJsKb: 100,
  mobileScore: 90,
  mobileLcpMs: 2000,
  /** Issue #39: with real throttling too. */
  devtoolsLcpMs: 2000,
  desktopScore: 100,
  mobileTbtMs: 150,
  cls: 0.01,
  /** Issue #39: LCP at most this share of the predecessor's, in both mobile modes. */
  ofPredecessor: 0.7,
};

/**
 * The predecessor's LCP (ms; a single Vite bundle, served gzipped), as issue #39 recorded it on this
 * machine with Lighthouse 13 and Debian's Chromium. Its build is not in this repository, so it is
 * not measured in the same run: these figures stand in for it.
 */
export const PREDECESSOR_LCP_MS = {
  mobile: { '/': 4390, '/communaute': 2310, '/teacher/1': 2380, '/ranking': 2380, '/publication': 2360, '/auth': 2430 },
  'mobile-devtools': { '/communaute': 2820, '/teacher/1': 2650, '/ranking': 2660 },
};
const PROFILES = {
  mobile: { flags: {}, config: undefined },
  'mobile-devtools': { flags: { throttlingMethod: 'devtools' }, config: undefined },
  desktop: { flags: {}, config: desktopConfig },
};

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const runs = Number(option('runs', '3'));
const routes = option('routes', MEASURED_ROUTES.map((r) => r.path).join(',')).split(',');
const profiles = option('profiles', Object.keys(PROFILES).join(',')).split(',');
const baselineRef = option('baseline-ref', null);
const baselineDir = baselineRef ? baselineBuild(baselineRef) : option('baseline', null);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** JS and CSS the page requests before its load event (and JS after it, until idle), gzipped (level 9, as served). */
async function firstLoad(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...VIEWPORTS.desktop });
  const page = await context.newPage();
  const assets = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
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
    files.push(
      `${asset.type === 'script' ? 'js ' : 'css'} ${kb(size).padStart(6)} KB  ${asset.beforeLoad ? 'first load' : 'after load'}  ${new URL(asset.request.url()).pathname}`,
    );
  }
  await context.close();
  return { js, css, lateJs, files };
}

/** Request waves before the content is painted, and layout shift after load (mobile and desktop). */
async function pageMetrics(browser, url, route) {
  const out = {};
  for (const [name, device] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ serviceWorkers: 'block', ...device });
    const { cls, shifts } = await layoutShiftAfterLoad(await context.newPage(), url, route.content);
    await context.close();
    out[`cls_${name}`] = cls;
    out[`shifts_${name}`] = shifts;
  }
  const context = await browser.newContext({ serviceWorkers: 'block', ...VIEWPORTS.mobile });
  const { waves, paths } = await requestWaves(await context.newPage(), url, route.content);
  await context.close();
  return { ...out, waves, wavePaths: paths };
}

/** The LCP element a Lighthouse 13 insight names (its selector and the start of its HTML), or null. */
export function lcpElement(audit) {
  const stack = [audit?.details];
  while (stack.length) {
    const item = stack.shift();
    if (!item || typeof item !== 'object') continue;
    const node = item.type === 'node' ? item : item.node?.type === 'node' ? item.node : null;
    if (node) return `${node.selector ?? '?'} ${String(node.snippet ?? '').slice(0, 90)}`;
    stack.push(...Object.values(item));
  }
  return null;
}

async function lighthouseRun(url, profile) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const { flags, config } = PROFILES[profile];
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags },
      config,
    );
    const { audits, categories } = result.lhr;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      lcpElement: lcpElement(audits['lcp-breakdown-insight']) ?? lcpElement(audits['lcp-discovery-insight']),
    };
  } finally {
    await chrome.kill();
  }
}

/** Serves another build (shell and remotes) behind a second edge (nginx, as in production) in front of the same services. */
async function serveBaseline(stack, dir) {
  const ports = await freePortList(2 + REMOTES.length);
  const shell = await serveStatic({
    port: ports[0],
    dir: path.join(dir, 'shell/dist'),
    spa: true,
    name: 'shell (baseline)',
    files: { '/remotes.json': stack.remotesFile, '/config.json': path.join(path.dirname(stack.remotesFile), 'config.json') },
  });
  const remotes = {};
  for (const [i, r] of REMOTES.entries())
    remotes[`mfe-${r}`] = await serveStatic({
      port: ports[2 + i],
      dir: path.join(dir, `mfe-${r}/dist`),
      base: `/mfe/${r}/`,
      name: `mfe-${r} (baseline)`,
    });
  const gateway = await startEdge({
    port: ports[1],
    remotesFile: stack.remotesFile,
    targets: {
      auth: `http://127.0.0.1:${stack.ports.auth}`,
      rating: `http://127.0.0.1:${stack.ports.rating}`,
      shell: shell.url,
      ...Object.fromEntries(Object.entries(remotes).map(([k, v]) => [k, v.url])),
    },
  });
  return {
    url: `http://127.0.0.1:${ports[1]}`,
    stop: async () => {
      await gateway.stop();
      await shell.stop();
      await Promise.all(Object.values(remotes).map((r) => r.stop()));
    },
  };
}

/** The LCP element most runs named. */
function mostNamed(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function summarise(values) {
  return {
    lcpElement: mostNamed(values.map((r) => r.lcpElement)),
    score: median(values.map((r) => r.score)),
    fcp: median(values.map((r) => r.fcp)),
    lcp: median(values.map((r) => r.lcp)),
    tbt: median(values.map((r) => r.tbt)),
    cls: median(values.map((r) => r.cls)),
    runs: values,
  };
}

function printTables(results, variants) {
  const cell = (r) => (r ? `${r.score} · ${(r.lcp / 1000).toFixed(2)} s · ${r.cls.toFixed(3)} · ${Math.round(r.tbt)} ms` : '–');
  for (const profile of profiles) {
    console.log(`\nLighthouse, ${profile} (score · LCP · CLS · TBT; medians of ${runs}):`);
    console.log(`| route | ${variants.join(' | ')} |`);
    console.log(`|---|${variants.map(() => '---').join('|')}|`);
    for (const route of routes)
      console.log(`| ${route} | ${variants.map((v) => cell(results[v][route].lighthouse[profile])).join(' | ')} |`);
  }
  console.log('\nPage metrics (first-load JS gzip · request waves before content · CLS mobile / desktop from the Performance API):');
  console.log(`| route | ${variants.join(' | ')} |`);
  console.log(`|---|${variants.map(() => '---').join('|')}|`);
  for (const route of routes) {
    console.log(
      `| ${route} | ${variants
        .map((v) => {
          const r = results[v][route];
          return `${kb(r.js)} KB · ${r.waves ?? '>'} waves · ${r.cls_mobile.toFixed(3)} / ${r.cls_desktop.toFixed(3)}`;
        })
        .join(' | ')} |`,
    );
  }
}

/** Issue #39's goals: real-throttling LCP, LCP against the predecessor's, TBT against the baseline build's. */
function checkSideBySide(results, missed) {
  for (const [route, r] of Object.entries(results.current)) {
    const devtools = r.lighthouse['mobile-devtools'];
    if (devtools && devtools.lcp > TARGETS.devtoolsLcpMs)
      missed.push(`${route} mobile-devtools LCP ${Math.round(devtools.lcp)} ms > ${TARGETS.devtoolsLcpMs} ms`);
    for (const [profile, lh] of Object.entries(r.lighthouse)) {
      const before = PREDECESSOR_LCP_MS[profile]?.[route];
      if (before && lh.lcp > TARGETS.ofPredecessor * before)
        missed.push(`${route} ${profile} LCP ${Math.round(lh.lcp)} ms > ${TARGETS.ofPredecessor} × the predecessor's ${before} ms`);
      const baseline = results.baseline?.[route]?.lighthouse[profile];
      if (baseline && profile !== 'desktop' && lh.tbt > baseline.tbt)
        missed.push(`${route} ${profile} TBT ${Math.round(lh.tbt)} ms > the baseline build's ${Math.round(baseline.tbt)} ms`);
    }
  }
}

function checkTargets(results) {
  const missed = [];
  const home = results['/'];
  if (home && home.js / 1024 > TARGETS.homeJsKb) missed.push(`first-load JS of / ${kb(home.js)} KB > ${TARGETS.homeJsKb} KB`);
  for (const [route, r] of Object.entries(results)) {
    const m = r.lighthouse.mobile;
    const d = r.lighthouse.desktop;
    if (m && m.score < TARGETS.mobileScore) missed.push(`${route} mobile score ${m.score} < ${TARGETS.mobileScore}`);
    if (m && m.lcp > TARGETS.mobileLcpMs) missed.push(`${route} mobile LCP ${Math.round(m.lcp)} ms > ${TARGETS.mobileLcpMs} ms`);
    if (m && m.tbt > TARGETS.mobileTbtMs) missed.push(`${route} mobile TBT ${Math.round(m.tbt)} ms > ${TARGETS.mobileTbtMs} ms`);
    if (d && d.score < TARGETS.desktopScore) missed.push(`${route} desktop score ${d.score} < ${TARGETS.desktopScore}`);
    for (const [name, lh] of Object.entries(r.lighthouse))
      if (lh.cls > TARGETS.cls) missed.push(`${route} ${name} CLS ${lh.cls.toFixed(3)} > ${TARGETS.cls}`);
    for (const key of ['cls_mobile', 'cls_desktop'])
      if (r[key] > TARGETS.cls) missed.push(`${route} ${key.replace('_', ' ')} (Performance API) ${r[key].toFixed(3)} > ${TARGETS.cls}`);
  }
  return missed;
}

async function main() {
  process.env.CHROME_PATH ??= CHROMIUM;
  console.log(`${os.cpus().length} cores; load average at start (1 / 5 / 15 min): ${load()}`);
  const { stack, dir } = await startBenchStack('pupitre-bench');
  const targets = { current: stack.url };
  let baseline = null;
  const results = { current: {} };
  const loads = [load()];
  try {
    if (baselineDir) {
      baseline = await serveBaseline(stack, path.resolve(baselineDir));
      targets.baseline = baseline.url;
      results.baseline = {};
    }
    const variants = Object.keys(targets).sort(); // baseline before current
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const route of routes) {
      const spec = MEASURED_ROUTES.find((r) => r.path === route) ?? { path: route, content: 'main *' };
      for (const variant of variants) {
        const url = `${targets[variant]}${route}`;
        await firstLoad(browser, url); // warms the server's gzip cache and the services
        results[variant][route] = { ...(await firstLoad(browser, url)), ...(await pageMetrics(browser, url, spec)), lighthouse: {} };
      }
    }
    await browser.close();
    for (const profile of profiles) {
      for (const route of routes) {
        const raw = Object.fromEntries(variants.map((v) => [v, []]));
        for (let i = 0; i < runs; i += 1)
          for (const variant of variants) raw[variant].push(await lighthouseRun(`${targets[variant]}${route}`, profile));
        for (const variant of variants) results[variant][route].lighthouse[profile] = summarise(raw[variant]);
        const brief = (r) =>
          `${r.score} · LCP ${(r.lcp / 1000).toFixed(2)} s · FCP ${(r.fcp / 1000).toFixed(2)} s · TBT ${Math.round(r.tbt)} ms · CLS ${r.cls.toFixed(3)}`;
        console.log(
          `  ${profile} ${route}: ${variants.map((v) => `${v} ${brief(results[v][route].lighthouse[profile])}`).join(' | ')} (load ${load()})`,
        );
      }
      loads.push(load());
    }
    console.log('\nFirst-load assets of the current build (gzip):');
    for (const route of routes) {
      console.log(`  ${route}`);
      for (const file of results.current[route].files) console.log(`    ${file}`);
      console.log(
        `    request waves: ${results.current[route].wavePaths.map((w, i) => `${i + 1}: ${w.join(' ')}`).join('\n                   ')}`,
      );
    }
    printTables(results, variants);
    console.log('\nLCP element (the one most runs named):');
    for (const route of routes)
      for (const variant of variants)
        for (const profile of profiles)
          console.log(`  ${route} ${variant} ${profile}: ${results[variant][route].lighthouse[profile].lcpElement ?? '?'}`);
    const missed = checkTargets(results.current);
    checkSideBySide(results, missed);
    console.log(
      `\nMachine: ${os.cpus().length} cores; load average (1 / 5 / 15 min) at start and after each profile: ${loads.join(' → ')}`,
    );
    console.log(missed.length ? `Targets missed:\n  ${missed.join('\n  ')}` : 'Every target met.');
    const out = path.join(ROOT, 'artifacts/bench/web.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, loads, runs, targets: TARGETS, results, missed }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(ROOT, out)}`);
  } finally {
    await baseline?.stop();
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
