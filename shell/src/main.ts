// The shell is a runtime-only federation host (no build-time share scope to negotiate): it starts
// at once, in a few tasks rather than one (issue #39). On a server-rendered page its code runs
// after the first paint, where one long task (evaluating all of main.js: ~160 ms at a phone's
// 4× slower CPU) would count as blocking time and hold a tap. Each step evaluates a part of the
// bundle (webpackMode "eager": the same file, no request), then yields to the browser; none is
// over 50 ms at 4× (measured: React DOM ~45 ms, the router ~20, the catalogues' i18next ~15, the
// shell's app and libraries ~10, the start-up ~30).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const STEPS = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react-router'),
  () => import(/* webpackMode: "eager" */ '@pupitre/i18n'),
  () => import(/* webpackMode: "eager" */ './App'),
  () => import(/* webpackMode: "eager" */ './bootstrap'),
];

void (async () => {
  for (const [i, step] of STEPS.entries()) {
    if (i > 0) await nextTask();
    await step();
  }
})().catch((error: unknown) => console.error('[shell] the page could not start', error));
