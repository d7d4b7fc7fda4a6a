import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, startI18n } from '@pupitre/i18n';
import { createLazyFederationLoader } from '@pupitre/mf-runtime';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime-config';
import { registerServiceWorker } from './sw/register';

// Remotes: nothing is loaded until the first remote route (federation runtime, /remotes.json and
// the shared-singleton table arrive together then).
const loader = createLazyFederationLoader({
  hostName: 'shell',
  shared: () => import(/* webpackChunkName: "mf-shared" */ './federation-shared').then((m) => m.hostShared()),
});

// Token refresh at start (access expiring within 300 s) and before expiry while the page is open.
startTokenRefresh();

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
