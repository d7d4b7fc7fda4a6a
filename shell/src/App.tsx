import { BrowserRouter, Route, Routes } from 'react-router';
import { RemoteLoaderProvider, RemoteRoute, type RemoteLoader } from '@pupitre/mf-runtime';
import { ApiWiring } from './ApiWiring';
import { DEFAULT_CONFIG, RuntimeConfigContext, type RuntimeConfig } from './config/runtime-config';
import { Layout } from './Layout';
import { RootErrorBoundary } from './pages/ErrorScreens';
import { LaunchGate } from './pages/LaunchGate';
import { NotFoundPage } from './pages/NotFoundPage';
import { routeTable } from './route-table';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routeTable().map((entry) =>
          entry.owner === 'shell' ? (
            <Route key={entry.path} path={entry.path} element={<entry.Page />} />
          ) : (
            <Route key={entry.path} path={entry.path} element={<RemoteRoute key={entry.path} remote={entry.remote} path={entry.path} />} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ loader, config = DEFAULT_CONFIG }: { loader: RemoteLoader; config?: RuntimeConfig }) {
  return (
    <RootErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        <LaunchGate>
          <RemoteLoaderProvider loader={loader}>
            <BrowserRouter>
              <ApiWiring />
              <AppRoutes />
            </BrowserRouter>
          </RemoteLoaderProvider>
        </LaunchGate>
      </RuntimeConfigContext.Provider>
    </RootErrorBoundary>
  );
}
