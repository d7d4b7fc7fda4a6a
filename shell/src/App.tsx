import { useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { RemoteFallback, RemoteLoaderProvider, RemoteRoute, type RemoteLoader, type RemoteRouteEntry } from '@pupitre/mf-runtime';
import { isSignedIn, useSession } from '@pupitre/session';
import { Loading } from '@pupitre/ui';
import { ApiWiring } from './ApiWiring';
import { DEFAULT_CONFIG, RuntimeConfigContext, type RuntimeConfig } from './config/runtime-config';
import { Layout } from './Layout';
import { RootErrorBoundary } from './pages/ErrorScreens';
import { LaunchGate } from './pages/LaunchGate';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemoteRoutesProvider, useRemoteRoutes, type RemoteRoutesSource } from './remote-routes';
import { SHELL_PAGES, SHELL_PATHS } from './route-table';

/**
 * A remote's page; one it declares for signed-in visitors sends those who arrive signed out to
 * /auth first, and back here once signed in (`?next=`); signing out on the page is the remote's to
 * handle: it knows where to go next.
 */
function RemotePage({ route }: { route: RemoteRouteEntry }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const [arrivedSignedIn] = useState(() => isSignedIn(session));
  if (route.signIn && !arrivedSignedIn) return <Navigate to={`/auth?${new URLSearchParams({ next: pathname + search })}`} replace />;
  return <RemoteRoute key={route.path} remote={route.remote} path={route.path} />;
}

/** A path no page claims: not found, unless the remotes' pages are still unknown or unreadable. */
function Unclaimed() {
  const remotes = useRemoteRoutes();
  if (remotes.status === 'loading') return <Loading />;
  // /remotes.json itself unreadable: no remote is known by name, the panel says so (`data-remote`).
  const missing = remotes.status === 'failed' ? 'remotes.json' : remotes.table.unavailable[0];
  if (missing) return <RemoteFallback remote={missing} onRetry={() => window.location.reload()} />;
  return <NotFoundPage />;
}

export function AppRoutes() {
  const remotes = useRemoteRoutes();
  return (
    <Routes>
      <Route element={<Layout />}>
        {SHELL_PATHS.map((path) => {
          const Page = SHELL_PAGES[path];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        {remotes.status === 'ready'
          ? remotes.table.routes.map((route) => (
              <Route key={route.path} path={route.path} element={<RemotePage key={route.path} route={route} />} />
            ))
          : null}
        <Route path="*" element={<Unclaimed />} />
      </Route>
    </Routes>
  );
}

export function App({
  loader,
  routes,
  config = DEFAULT_CONFIG,
}: {
  loader: RemoteLoader;
  routes: RemoteRoutesSource;
  config?: RuntimeConfig;
}) {
  return (
    <RootErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        <LaunchGate>
          <RemoteLoaderProvider loader={loader}>
            <BrowserRouter>
              <RemoteRoutesProvider source={routes}>
                <ApiWiring />
                <AppRoutes />
              </RemoteRoutesProvider>
            </BrowserRouter>
          </RemoteLoaderProvider>
        </LaunchGate>
      </RuntimeConfigContext.Provider>
    </RootErrorBoundary>
  );
}
