import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@pupitre/i18n';
import { createDeferredLoader, initFederation, loadRemotesConfig } from '@pupitre/mf-runtime';
import { App } from './App';

initI18n();

// Remotes are registered from /remotes.json at run time; the shell does not wait for it to paint.
let initialised: ReturnType<typeof initFederation> | undefined;
const loader = createDeferredLoader(async () => {
  const config = await loadRemotesConfig().catch((error: unknown) => {
    console.error('[shell] /remotes.json unavailable: remote sections will show their fallback', error);
    throw error;
  });
  initialised ??= initFederation(config, { hostName: 'shell' });
  return initialised;
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App loader={loader} />
  </StrictMode>,
);
