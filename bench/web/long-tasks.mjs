// `node bench/web/long-tasks.mjs --routes /publication`: what the main thread's long tasks are made of, route by route.
// Starts a stack of its own (as run.mjs does), loads each route in Debian's Chromium at the phone viewport with the CPU
// slowed down (--cpu 4, Lighthouse's mobile factor), records a trace with the JavaScript sampler, and prints each task over
// --over ms (default 30) with the functions that took most of it (self time, with their script). Lighthouse's TBT counts
// the part of each task over 50 ms; this says which code to split. Not part of `npm test` or `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';
import { VIEWPORTS } from '../../e2e/support/page-metrics.mjs';
import { startBenchStack } from './bench-stack.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const routes = option('routes', '/publication').split(',');
const cpu = Number(option('cpu', '4'));
const overMs = Number(option('over', '30'));
const runs = Number(option('runs', '2'));
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'];

/** The renderer main thread's tasks over `overMs`, each with its top functions by self time (from the sampler's chunks). */
export function longTasks(events, overMs) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > overMs * 1000);
  // The sampler: a Profile event, then ProfileChunks with nodes and (sample, time delta) pairs, on the same clock as the tasks.
  const nodes = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.name === 'Profile' || x.name === 'ProfileChunk')) {
    if (e.name === 'Profile') {
      samples.time = e.args.data.startTime;
      continue;
    }
    const data = e.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      samples.time = (samples.time ?? 0) + deltas[i];
      samples.push({ id: ids[i], ts: samples.time });
    }
  }
  return tasks.map((task) => {
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
    const self = new Map();
    for (let i = 0; i < inside.length; i++) {
      const node = nodes.get(inside[i].id);
      const frame = node?.callFrame ?? { functionName: '?' };
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber ?? 0}:${frame.columnNumber ?? 0}` : '';
      const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
      const next = inside[i + 1]?.ts ?? task.ts + task.dur;
      self.set(key, (self.get(key) ?? 0) + (next - inside[i].ts) / 1000);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    return { startMs: task.ts / 1000, durMs: task.dur / 1000, top };
  });
}

async function main() {
  const { stack, dir } = await startBenchStack('pupitre-tasks');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (const route of routes)
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({ serviceWorkers: 'block', ...VIEWPORTS.mobile });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        await page.goto(`${stack.url}/`, { waitUntil: 'networkidle' }); // warms the services and the edge's caches
        await page.goto('about:blank');
        await browser.startTracing(page, { categories: CATEGORIES });
        const t0 = Date.now();
        await page.goto(`${stack.url}${route}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(2000);
        const trace = JSON.parse((await browser.stopTracing()).toString());
        const tasks = longTasks(trace.traceEvents, overMs);
        const first = tasks[0]?.startMs ?? 0;
        console.log(`\n${route} run ${run} (CPU ×${cpu}, ${Date.now() - t0} ms): ${tasks.length} task(s) over ${overMs} ms`);
        for (const task of tasks) {
          console.log(`  task at +${(task.startMs - first).toFixed(0)} ms: ${task.durMs.toFixed(1)} ms`);
          for (const [fn, ms] of task.top) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${fn}`);
        }
        await context.close();
      }
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
