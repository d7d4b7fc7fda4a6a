import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, startI18n } from '@pupitre/i18n';
import { createLazyFederationLoader, findRemoteRoute, withRouteReads } from '@pupitre/mf-runtime';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime-config';
import { prefetchRoute } from './route-prefetch';
import { SHELL_PATHS } from './route-table';
import { registerServiceWorker } from './sw/register';

// Remotes: nothing is loaded until the first remote route (federation runtime, /remotes.json and
// the shared-singleton table arrive together then). A remote's screen is shown once the reads it
// starts with are in too (route-prefetch), so it renders whole at once.
const federation = createLazyFederationLoader({
  hostName: 'shell',
  shared: () => import(/* webpackChunkName: "mf-shared" */ './federation-shared').then((m) => m.hostShared()),
  reservedPaths: SHELL_PATHS,
});
const routes = federation.routes;
const loader = withRouteReads(federation, () => routes().then((table) => prefetchRoute(table, window.location.pathname)));

// Token refresh at start (access expiring within 300 s) and before expiry while the page is open.
startTokenRefresh();

// A page that is not one of the shell's own is most likely a remote's: the federation runtime and
// the shared singletons start loading now, beside /remotes.json and the manifests.
if (!SHELL_PATHS.some((path) => matchPath({ path, end: true }, window.location.pathname))) federation.warmUp();

// The remotes' pages are learnt now (/remotes.json, preloaded by the page, then every manifest in
// parallel). If the page opened on a remote's page, its remote (runtime, entry, chunks) and its
// screen's first reads start as soon as that is known, beside the configuration and the language.
void routes().then(
  (table) => {
    const opened = findRemoteRoute(table, window.location.pathname);
    if (!opened) return;
    void loader.load(opened.route.remote).catch(() => undefined); // RemoteRoute reports a failure and retries
    void prefetchRoute(table, window.location.pathname);
  },
  () => undefined, // the routes show the fallback
);

// First paint waits for the runtime configuration (launch gate) and the page language's catalogue,
// fetched in parallel; both are small, and neither failing stops the page.
const root = createRoot(document.getElementById('root')!);
void Promise.all([
  loadRuntimeConfig(),
  startI18n(detectLanguage()).catch((error: unknown) => console.error('[shell] translations unavailable', error)),
]).then(([config]) => {
  root.render(
    <StrictMode>
      <App loader={loader} routes={routes} config={config} />
    </StrictMode>,
  );
});

registerServiceWorker();
