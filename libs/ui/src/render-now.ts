// "Now" for anything a screen renders from the current time (relative dates, a year count): a
// server-rendered page (issue #39) is rendered at the server's moment, and hydrating it must render
// the very same text, so the client's first render takes that moment from the page's data block.
//   client, before hydrateRoot:  setRenderNow(data.now)
//   renderer, around a render:   setRenderNow(now) … renderToString(…) … setRenderNow(null)
// A component that mounts later (a client render) uses Date.now().
import { useState } from 'react';
import { useIsHydrating } from './hydration';

let renderNow: number | null = null;

/** Sets the moment server HTML was rendered at (null: none, use the clock). */
export function setRenderNow(ms: number | null): void {
  renderNow = ms === null || !Number.isFinite(ms) ? null : ms;
}

/** The moment set by setRenderNow, else the clock. */
export function getRenderNow(): number {
  return renderNow ?? Date.now();
}

/**
 * The time to render from, fixed for the component's life: the server's moment on the server and
 * while hydrating its HTML (React reads the server snapshot then), the clock in a client render.
 */
export function useRenderNow(): number {
  const hydrating = useIsHydrating();
  const [now] = useState(() => (hydrating ? getRenderNow() : Date.now()));
  return now;
}
