import { useEffect, useRef, useState } from 'react';

/** Spec, section 9: breakpoint 700 px, collapse past 300 px of scroll, hidden 1.3 s later. */
export const NAV_BREAKPOINT_PX = 700;
export const NAV_COLLAPSE_PX = 300;
export const NAV_HIDE_DELAY_MS = 1300;

export interface NavScrollState {
  /** Links slid away, logo centred. */
  collapsed: boolean;
  /** The whole bar out of view. */
  hidden: boolean;
}

/**
 * Wide screens only: past 300 px of downward scroll the links slide away and the logo centres;
 * 1.3 s later the bar hides. Scrolling up restores it at once.
 */
export function useNavScroll(): NavScrollState {
  const [state, setState] = useState<NavScrollState>({ collapsed: false, hidden: false });
  const lastY = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const clear = () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
    };
    const restore = () => {
      clear();
      setState((s) => (s.collapsed || s.hidden ? { collapsed: false, hidden: false } : s));
    };
    const onScroll = () => {
      const y = window.scrollY;
      const goingUp = y < lastY.current;
      lastY.current = y;
      if (window.innerWidth <= NAV_BREAKPOINT_PX || goingUp || y <= NAV_COLLAPSE_PX) {
        restore();
        return;
      }
      setState((s) => (s.collapsed ? s : { collapsed: true, hidden: false }));
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        setState({ collapsed: true, hidden: true });
      }, NAV_HIDE_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      clear();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return state;
}
