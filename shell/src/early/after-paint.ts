// On a server-rendered page the shell's code starts after the page is painted (issue #39: scripts
// never block the first paint). The composer turns index.html's deferred scripts into preloads
// (they download beside the styles) and names them in a meta tag; the early script adds them to
// the page, in order, once the frame that paints the server's HTML is done. A page the browser
// builds itself (index.html as is) has no such tag: its scripts run as they always did.

/** The meta tag naming the scripts to start after the first paint (written by the composer). */
export const AFTER_PAINT_META = 'pupitre-scripts-after-paint';
/** A tab in the background paints no frame: its scripts start after this long all the same. */
export const START_AT_LATEST_MS = 1000;

/**
 * Starts the scripts the meta tag names after the first paint, `first` just before them; false
 * (and nothing done) on a page without the tag.
 */
export function startScriptsAfterPaint(
  doc: Document,
  win: Window,
  first: () => void = () => undefined,
  latestMs = START_AT_LATEST_MS,
): boolean {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_PAINT_META}"]`)?.content ?? '';
  const sources = content.split(' ').filter(Boolean);
  if (sources.length === 0) return false;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    first();
    for (const src of sources) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = false; // in the order index.html had them
      doc.head.appendChild(script);
    }
  };
  // A frame callback runs just before the frame is painted; a task queued from it, just after.
  win.requestAnimationFrame(() => win.setTimeout(start, 0));
  win.setTimeout(start, latestMs);
  return true;
}
