import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, startI18n } from '@pupitre/i18n';
import { createLazyFederationLoader, remoteRouteOf, withRouteReads } from '@pupitre/mf-runtime';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime-config';
import { prefetchRoute } from './route-prefetch';
import { registerServiceWorker } from './sw/register';

// Remotes: nothing is loaded until the first remote route (federation runtime, /remotes.json and
// the shared-singleton table arrive together then). A remote's screen is shown once the reads it
// starts with are in too (route-prefetch), so it renders whole at once.
const loader = withRouteReads(
  createLazyFederationLoader({
    hostName: 'shell',
    shared: () => import(/* webpackChunkName: "mf-shared" */ './federation-shared').then((m) => m.hostShared()),
  }),
  () => prefetchRoute(window.location.pathname),
);

// Token refresh at start (access expiring within 300 s) and before expiry while the page is open.
startTokenRefresh();

// The page opened on a remote route: its remote (federation runtime, /remotes.json, manifest,
// entry, chunks) and its screen's first reads start now, beside the configuration and the
// language, instead of after the first render.
const opened = remoteRouteOf(window.location.pathname);
if (opened) {
  void loader.load(opened.remote).catch(() => undefined); // RemoteRoute reports a failure and retries
  void prefetchRoute(window.location.pathname);
}

// First paint waits for the runtime configuration (launch gate) and the page language's catalogue,
// fetched in parallel; both are small, and neither failing stops the page.
const root = createRoot(document.getElementById('root')!);
void Promise.all([
  loadRuntimeConfig(),
  startI18n(detectLanguage()).catch((error: unknown) => console.error('[shell] translations unavailable', error)),
]).then(([config]) => {
  root.render(
    <StrictMode>
      <App loader={loader} config={config} />
    </StrictMode>,
  );
});

registerServiceWorker();
