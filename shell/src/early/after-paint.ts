// On a server-rendered page the shell's code starts after the page is painted (issue #39: scripts
// never block the first paint). The composer turns index.html's deferred scripts into preloads
// (main.js downloads beside the styles) and names them in a meta tag, and names in another the
// code the takeover runs (the catalogues, the remote's files); the early script adds them to the
// page once the browser reports the first contentful paint (the frame is on screen, not only
// drawn). A page the browser builds itself (index.html as is) has no such tags: its scripts run as
// they always did.

/** The meta tag naming the scripts to start after the first paint (written by the composer). */
export const AFTER_PAINT_SCRIPTS_META = 'pupitre-scripts-after-paint';
/**
 * The meta tag naming the scripts to preload then (the code the takeover runs). A URL may be
 * followed by its integrity ("sha384-…"): that preload is made with it and crossorigin="anonymous",
 * as the remote's runtime asks for that script (a preload made otherwise would not be used).
 */
export const AFTER_PAINT_PRELOADS_META = 'pupitre-preloads-after-paint';
const INTEGRITY_TOKEN = /^sha(?:256|384|512)-/;

/** The preloads a meta tag's tokens name: [{ href, integrity? }]. */
export function preloadsNamed(tokens: string[]): { href: string; integrity?: string }[] {
  const out: { href: string; integrity?: string }[] = [];
  for (const token of tokens) {
    const last = out.at(-1);
    if (INTEGRITY_TOKEN.test(token)) {
      if (last && !last.integrity) last.integrity = token;
    } else out.push({ href: token });
  }
  return out;
}

const named = (doc: Document, meta: string) =>
  (doc.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content ?? '').split(' ').filter(Boolean);
/** Whatever happens (no paint reported), the scripts start after this long. */
export const START_AT_LATEST_MS = 10_000;

type PaintWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & { PerformanceObserver?: typeof PerformanceObserver };

/** Calls `then` once the first contentful paint is on screen (or, without paint timing, after the next frame). */
function afterFirstPaint(win: PaintWindow, then: () => void): void {
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      win.setTimeout(then, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  // A frame callback runs just before the frame is painted; a task queued from it, just after.
  win.requestAnimationFrame(() => win.setTimeout(then, 0));
}

/**
 * Starts the scripts the meta tag names after the first paint, and preloads those the other names,
 * `first` just before them; false
 * (and nothing done) on a page without the tag. A page in a background tab paints nothing: its
 * scripts start at once.
 */
export function startScriptsAfterPaint(
  doc: Document,
  win: PaintWindow,
  first: () => void = () => undefined,
  latestMs = START_AT_LATEST_MS,
): boolean {
  const sources = named(doc, AFTER_PAINT_SCRIPTS_META);
  if (sources.length === 0) return false;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    doc.removeEventListener('visibilitychange', start);
    first();
    for (const { href, integrity } of preloadsNamed(named(doc, AFTER_PAINT_PRELOADS_META))) {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      if (integrity) {
        link.setAttribute('integrity', integrity);
        link.crossOrigin = 'anonymous';
      }
      link.href = href;
      doc.head.appendChild(link);
    }
    for (const src of sources) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = false; // in the order index.html had them
      doc.head.appendChild(script);
    }
  };
  if (doc.visibilityState === 'hidden') {
    start();
    return true;
  }
  doc.addEventListener('visibilitychange', start);
  afterFirstPaint(win, start);
  win.setTimeout(start, latestMs);
  return true;
}
