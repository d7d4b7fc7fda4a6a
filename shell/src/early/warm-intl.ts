// The page's first Intl formatter costs far more than the next ones: Chromium loads its ICU data
// then (measured at Lighthouse's 4× CPU: the first DateTimeFormat 64 ms, the first NumberFormat
// 11 ms; after these, the reader's "23 novembre 2026" formatter 3 ms). Review cards format dates
// and ratings in their first render, so that cost landed in the remote screen's render, a long
// task between first paint and the content. The early script pays it while main.js is still
// downloading, when the main thread has nothing else to do: one formatter of each kind, in the
// browser's own locale (the ICU data they load serves every language), each in its own idle task.

type IdleScope = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown;
  setTimeout?: (callback: () => void, ms: number) => unknown;
};

/** The first formatters of each kind, built and used once (their cost is loading the ICU data). */
export const WARM_UPS: readonly (() => unknown)[] = [
  () => new Intl.DateTimeFormat().format(0),
  () => new Intl.NumberFormat().format(0.5),
];

/** Runs each warm-up in an idle task of its own (a timer where idle callbacks do not exist). */
export function warmIntl(scope: IdleScope = globalThis as IdleScope, warmUps: readonly (() => unknown)[] = WARM_UPS): void {
  const later = (run: () => void) => {
    if (scope.requestIdleCallback) scope.requestIdleCallback(run, { timeout: 1000 });
    else scope.setTimeout?.(run, 0);
  };
  const next = (i: number) => {
    if (i >= warmUps.length) return;
    later(() => {
      try {
        warmUps[i]();
      } catch {
        // No Intl (or a broken one): the formatters report it where they are used.
      }
      next(i + 1);
    });
  };
  next(0);
}
