import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, MfeRoot, Panel, usePageTitle } from '@pupitre/ui';

/** Every screen of a micro-frontend: its root element, build marker and page title. */
export function Screen({ name, version, title, children }: { name: string; version: string; title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <MfeRoot name={name} version={version}>
      {children}
    </MfeRoot>
  );
}

/** A failed load, with a retry. */
export function ApiError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('review-ui');
  return (
    <Panel tone="alert" role="alert">
      <p>{t('error.load')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </Panel>
  );
}
