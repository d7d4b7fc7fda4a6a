import { memo, type ReactNode, useContext, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import {
  RemoteFallback,
  RemoteLoaderProvider,
  RemoteRenderModeContext,
  RemoteRenderModeProvider,
  RemoteRoute,
  announceTakenOver,
  type RemoteLoader,
  type RemoteRouteEntry,
  type RemoteRouteTable,
} from '@pupitre/mf-runtime';
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
 * The remote's route, re-rendered only when its remote or path change: a server-rendered page's
 * boundary must receive no update before its code is in and it is hydrated (React would then drop
 * the server's HTML and render it anew), and this page's parents do re-render meanwhile (the session
 * as the browser knows it right after hydration, the whole route table).
 */
const StableRemoteRoute = memo(RemoteRoute);

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
  return <StableRemoteRoute key={route.path} remote={route.remote} path={route.path} />;
}

/**
 * Beside a shell page: once the server-rendered page `path` is hydrated (an effect of the same
 * Suspense boundary), the page says so, as a remote's page does (announceTakenOver).
 */
function ShellPageTakenOver({ path }: { path: string }) {
  const render = useContext(RemoteRenderModeContext);
  const hydrating = render.mode === 'hydrating' && render.path === path;
  const [first] = useState(hydrating);
  useEffect(() => {
    if (first) announceTakenOver();
  }, [first]);
  return null;
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
          return (
            <Route
              key={path}
              path={path}
              element={
                <>
                  <Page />
                  <ShellPageTakenOver path={path} />
                </>
              }
            />
          );
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

export interface AppProps {
  loader: RemoteLoader;
  routes: RemoteRoutesSource;
  config?: RuntimeConfig;
  /**
   * A page rendered on the server (issue #39), a remote's (`route` its pattern) or the shell's own
   * (`route` its path): with `serverRouter`, this is the composer's render of it; without, the
   * browser taking that page over (hydration).
   */
  rendered?: { route: string; table: RemoteRouteTable };
  /** On the server only: the router of the request's path (react-router's StaticRouter, which the browser's build leaves out). */
  serverRouter?: (children: ReactNode) => ReactNode;
}

export function App({ loader, routes, config = DEFAULT_CONFIG, rendered, serverRouter }: AppProps) {
  const server = serverRouter !== undefined;
  const inner = (
    <RemoteRoutesProvider source={routes} rendered={rendered?.table}>
      <ApiWiring />
      <AppRoutes />
    </RemoteRoutesProvider>
  );
  return (
    <RootErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        <LaunchGate>
          <RemoteLoaderProvider loader={loader}>
            <RemoteRenderModeProvider value={{ mode: server ? 'server' : rendered ? 'hydrating' : 'client', path: rendered?.route }}>
              {serverRouter ? serverRouter(inner) : <BrowserRouter>{inner}</BrowserRouter>}
            </RemoteRenderModeProvider>
          </RemoteLoaderProvider>
        </LaunchGate>
      </RuntimeConfigContext.Provider>
    </RootErrorBoundary>
  );
}
