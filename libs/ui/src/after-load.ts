// "The page has loaded and the main thread is idle": the moment decorative motion (auto-scrolling
// carousels) may start without competing with the page's loading work (issue #16: TBT).
import { useEffect, useState } from 'react';

let calm = false;
let waiting: Promise<void> | undefined;

/** Resolves once the window's load event has fired and then the browser was idle (at most `timeout` ms later). */
export function afterLoadAndIdle(timeout = 2000): Promise<void> {
  if (calm) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    const idle = () => {
      const done = () => {
        calm = true;
        resolve();
      };
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout });
      else window.setTimeout(done, 200);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return waiting;
}

/** False until the page has loaded and been idle once (then true for good). */
export function useAfterLoadAndIdle(): boolean {
  const [ready, setReady] = useState(calm);
  useEffect(() => {
    if (ready) return;
    let active = true;
    void afterLoadAndIdle().then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [ready]);
  return ready;
}
