// The page's first Intl formatter costs far more than the next ones: Chromium loads its ICU data
// then (measured at Lighthouse's 4× CPU: the first DateTimeFormat 64 ms, the first NumberFormat
// 11 ms; after these, the reader's "23 novembre 2026" formatter 3 ms). Review cards format dates
// and ratings in their first render, so that cost landed in the remote screen's render, a long
// task between first paint and the content. The early script pays it while main.js is still
// downloading, when the main thread has nothing else to do: one formatter of each kind, in the
// browser's own locale (the ICU data they load
// serves every language). When main.js is already there (from the cache), it does nothing:
// main.js must not wait, the cards pay as before.

/** The first formatters of each kind, built and used once (their cost is loading the ICU data). */
export const WARM_UPS: readonly (() => unknown)[] = [() => new Intl.DateTimeFormat().format(0), () => new Intl.NumberFormat().format(0.5)];

/**
 * Whether one of the page's scripts (main.js, a script or a script preload of a server-rendered
 * page) is still downloading: a resource timing entry is added once its response has ended (the
 * early script's own is there: it runs).
 */
export function scriptsStillLoading(doc: Document = document, perf: Pick<Performance, 'getEntriesByName'> = performance): boolean {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => link.href);
  return [...[...doc.scripts].map((script) => script.src), ...preloads].some((src) => src && perf.getEntriesByName(src).length === 0);
}

/**
 * Runs the warm-ups when main.js is still on its way (otherwise does nothing), each through `run`:
 * at once by default; a painted page runs each in a task of its own, so none is a long one.
 */
export function warmIntl(
  stillLoading: () => boolean = scriptsStillLoading,
  warmUps: readonly (() => unknown)[] = WARM_UPS,
  run: (warmUp: () => void) => void = (warmUp) => warmUp(),
): void {
  try {
    if (!stillLoading()) return;
  } catch {
    return; // no resource timing: leave the formatters to where they are used
  }
  for (const warmUp of warmUps)
    run(() => {
      try {
        warmUp();
      } catch {
        // No Intl (or a broken one): the formatters report it where they are used.
      }
    });
}
