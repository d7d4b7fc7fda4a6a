import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient, startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, startI18n } from '@pupitre/i18n';
import { createLazyFederationLoader, findRemoteRoute, loadRemotesConfig, withRouteReads } from '@pupitre/mf-runtime';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime-config';
import { earlyFetch } from './early/early-answers';
import { prefetchRoute } from './route-prefetch';
import { isShellPage, SHELL_PATHS } from './shell-paths';
import { registerServiceWorker } from './sw/register';

// Remotes: nothing of the federation runtime is loaded until a remote's page is shown. The remotes'
// pages are learnt from their manifests (/remotes.json, preloaded by index.html, then every
// manifest in parallel: a few small fetches, nothing to run). A remote's screen is shown once the
// reads it starts with are in too (route-prefetch), so it renders whole at once.
// The opened page's first reads may already be on their way (the early script asks for them when
// no token would go with them): the request helper takes those answers.
configureApiClient({ fetch: (input, init) => earlyFetch(String(input), init) });

const federation = createLazyFederationLoader({
  hostName: 'shell',
  shared: () => import(/* webpackChunkName: "mf-runtime" */ './federation-shared').then((m) => m.hostShared()),
  reservedPaths: SHELL_PATHS,
  // /remotes.json and the manifests were asked for by the early script while main.js downloaded.
  loadConfig: () => loadRemotesConfig({ fetch: (input, init) => earlyFetch(String(input), init) }),
  fetchManifest: (url) => earlyFetch(url),
});
const routes = federation.routes;
const loader = withRouteReads(federation, () => routes().then((table) => prefetchRoute(table, window.location.pathname)));
void routes().catch(() => undefined); // the routes show the fallback

// Token refresh at start (access expiring within 300 s) and before expiry while the page is open.
startTokenRefresh();

/**
 * Right after the first render: a page that is not one of the shell's own is most likely a
 * remote's, so the federation runtime and the shared singletons start loading beside the
 * manifests; once the opened page's remote is known, its code and its screen's first reads start.
 */
function startOpenedRemote(pathname: string) {
  if (isShellPage(pathname)) return;
  federation.warmUp();
  routes().then(
    (table) => {
      const opened = findRemoteRoute(table, pathname);
      if (!opened) return;
      void loader.load(opened.route.remote).catch(() => undefined); // RemoteRoute reports a failure and retries
      void prefetchRoute(table, pathname);
    },
    () => undefined,
  );
}

// First paint waits for the runtime configuration (launch gate) and the page language's catalogue;
// index.html preloads both beside main.js (tools/rspack/host.mjs), so no round trip follows main.js.
// Neither failing stops the page. Nothing but main.js, its CSS and those preloads comes before the
// first paint.
const root = createRoot(document.getElementById('root')!);
void Promise.all([
  loadRuntimeConfig(),
  startI18n(detectLanguage()).catch((error: unknown) => console.error('[shell] translations unavailable', error)),
]).then(([config]) => {
  // In a transition: React renders the first page in slices that yield to the browser (no long
  // task while it builds the tree), then shows it whole.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App loader={loader} routes={routes} config={config} />
      </StrictMode>,
    ),
  );
  startOpenedRemote(window.location.pathname);
});

registerServiceWorker();
