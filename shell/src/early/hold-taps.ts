// Taps before the takeover (issue #39): a server-rendered page shows its buttons before its code
// has run, and a tap on one then would do nothing at all. From the early script until the page is
// the browser's (TAKEN_OVER_EVENT), a tap on a button of the page is held, then played again, once.
// Links are left alone: they work without any script.
import { readServerPageData, TAKEN_OVER_EVENT } from '@pupitre/mf-runtime';

const TAPPABLE = 'button, [role="button"], input[type="submit"], input[type="checkbox"], input[type="radio"]';
/** Past this, whatever happened, taps are no longer held (and those held are played). */
export const HOLD_AT_MOST_MS = 20_000;

export function holdTapsUntilTakeover(doc: Document, win: Window, holdMs = HOLD_AT_MOST_MS): void {
  if (!readServerPageData(doc, win.location.pathname)) return;
  const root = doc.getElementById('root');
  const held: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(TAPPABLE);
    if (!target || !root?.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  const release = () => {
    clearTimeout(timer);
    win.removeEventListener(TAKEN_OVER_EVENT, release);
    doc.removeEventListener('click', onClick, true);
    for (const target of held.splice(0)) if (target.isConnected) target.click();
  };
  doc.addEventListener('click', onClick, true);
  win.addEventListener(TAKEN_OVER_EVENT, release);
  const timer = setTimeout(release, holdMs);
}
