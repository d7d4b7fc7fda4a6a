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

export function RemoteRoutesProvider({ source, children }: { source: RemoteRoutesSource; children?: ReactNode }) {
  const [state, setState] = useState<RemoteRoutesState>({ status: 'loading' });
  const { pathname } = useLocation();
  const settled = complete(state);
  useEffect(() => {
    if (settled) return;
    let live = true;
    source().then(
      (table) => live && startTransition(() => setState({ status: 'ready', table })),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [source, pathname, settled]);
  return <RemoteRoutesContext.Provider value={state}>{children}</RemoteRoutesContext.Provider>;
}
