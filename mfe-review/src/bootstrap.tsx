// Standalone mode (its own dev server or deployment): the remote's routes in a layout-less frame.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@pupitre/i18n';
import { StandaloneApp } from '@pupitre/ui';
import routes from './routes';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp title="Pupitre · review" routes={routes} />
  </StrictMode>,
);
