// The remotes' pages as the shell knows them at run time (from their manifests, through the remote
// loader): loading until /remotes.json and the manifests are in, then the table. When a remote's
// declarations or /remotes.json itself could not be read, the next navigation asks again.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { type RemoteRouteTable } from '@pupitre/mf-runtime';

export type RemoteRoutesState = { status: 'loading' } | { status: 'ready'; table: RemoteRouteTable } | { status: 'failed' };
export type RemoteRoutesSource = () => Promise<RemoteRouteTable>;

const RemoteRoutesContext = createContext<RemoteRoutesState>({ status: 'loading' });

export function useRemoteRoutes(): RemoteRoutesState {
  return useContext(RemoteRoutesContext);
}

const complete = (state: RemoteRoutesState) => state.status === 'ready' && state.table.unavailable.length === 0;

/**
 * `rendered`: the table a server-rendered page was rendered with (composer): known at once, so the
 * first render (on the server and when the client takes over) shows that page and the same navbar
 * links; the table is read again right after.
 */
export function RemoteRoutesProvider({
  source,
  rendered,
  children,
}: {
  source: RemoteRoutesSource;
  rendered?: RemoteRouteTable;
  children?: ReactNode;
}) {
  const [state, setState] = useState<RemoteRoutesState>(() => (rendered ? { status: 'ready', table: rendered } : { status: 'loading' }));
  const [whole, setWhole] = useState(!rendered);
  const { pathname } = useLocation();
  const settled = whole && complete(state);
  useEffect(() => {
    if (settled) return;
    let live = true;
    source().then(
      (table) => {
        if (!live) return;
        startTransition(() => {
          setWhole(true);
          setState({ status: 'ready', table });
        });
      },
      // A rendered page stays as it is (its own remote is known); the next navigation asks again.
      () => live && setState((shown) => (rendered && shown.status === 'ready' ? shown : { status: 'failed' })),
    );
    return () => {
      live = false;
    };
  }, [source, pathname, settled, rendered]);
  return <RemoteRoutesContext.Provider value={state}>{children}</RemoteRoutesContext.Provider>;
}
