// Values a screen reads from the browser once, as it mounts (a stored draft, the session, the
// history's state), without breaking the takeover of server HTML (issue #39): on the server and on
// the render that hydrates its HTML they are the server's value, so the client's first render equals
// the server's; React renders again after hydrating, in a transition (time-sliced: no long task on a
// slow phone), and they are then read. A component that mounts in a client render reads them at once
// (no second render, nothing flashes).
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';

const never = () => () => undefined;
const same = () => true;

/**
 * Whether this render hydrates server HTML (or runs on the server): React then asks for the server
 * snapshot. Both snapshots are equal, so React never renders again to move from one to the other
 * (a snapshot that differs after hydrating forces a synchronous render: one long task).
 */
export function useIsHydrating(): boolean {
  takeServerAsked();
  useSyncExternalStore(never, same, serverSnapshot);
  return takeServerAsked();
}

// Set while React reads the server snapshot, read back at once within the same synchronous call (no render interleaves).
let serverAsked = false;
function serverSnapshot(): boolean {
  serverAsked = true;
  return true;
}
function takeServerAsked(): boolean {
  const asked = serverAsked;
  serverAsked = false;
  return asked;
}

/** False on the server and while hydrating server HTML, then true (set in a transition); true in any other client render. */
export function useHydrated(): boolean {
  const hydrating = useIsHydrating();
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * State whose first value is `read()` in the browser: `serverValue` on the server and while
 * hydrating, then `read()` once, on the render after hydration. Later updates go through the setter.
 */
export function useMountValue<T>(read: () => T, serverValue: T): [T, Dispatch<SetStateAction<T>>] {
  const hydrated = useHydrated();
  const [state, setState] = useState(() => (hydrated ? { value: read(), read: true } : { value: serverValue, read: false }));
  // Hydrated since the last render: read the browser's value now (a render-time update, no effect).
  if (hydrated && !state.read) setState({ value: read(), read: true });
  const [set] = useState(
    () => (next: SetStateAction<T>) =>
      setState((s) => ({ value: typeof next === 'function' ? (next as (v: T) => T)(s.value) : next, read: true })),
  );
  return [state.value, set];
}

type Typable = HTMLInputElement | HTMLTextAreaElement;

/**
 * A controlled text field of a server-rendered page: what the visitor typed before the takeover is
 * in the field (hydration keeps the DOM's value) but not in the state, and the next render would
 * wipe it. At mount (the hydration's commit, before any other render), a field whose value differs
 * from `value` hands it to `adopt`. A field mounted by a client render always equals its value: no-op.
 */
export function useTypedBeforeTakeover(ref: RefObject<Typable | null>, value: string, adopt: (typed: string) => void): void {
  const [atMount] = useState(() => ({ value, adopt }));
  useLayoutEffect(() => {
    const node = ref.current;
    if (node && node.value !== atMount.value) atMount.adopt(node.value);
  }, [ref, atMount]);
}
