/** Runs `fn` once the page has loaded and the browser is idle (at most 2 s later); returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && fn(), { timeout: 2000 });
    else setTimeout(() => !cancelled && fn(), 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}
