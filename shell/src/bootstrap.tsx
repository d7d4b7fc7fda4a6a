import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, startI18n } from '@pupitre/i18n';
import { createLazyFederationLoader, withRouteReads } from '@pupitre/mf-runtime';
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

// First paint waits for the runtime configuration (launch gate) and the page language's catalogue;
// index.html preloads both beside main.js (tools/rspack/host.mjs), so no round trip follows main.js.
// Neither failing stops the page. A remote route's remote, manifest and reads start from its
// element right after that first render (index.html preloads /remotes.json): nothing but main.js,
// its CSS and those preloads comes before the first paint.
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
