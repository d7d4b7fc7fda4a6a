import { useTranslation } from 'react-i18next';
import { Button, Panel } from '@pupitre/ui';

export function ApiError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('review');
  return (
    <Panel tone="alert" role="alert">
      <p>{t('error.load')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </Panel>
  );
}
