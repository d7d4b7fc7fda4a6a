import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel, usePageTitle } from '@pupitre/ui';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageTitle(t('title.notFound'));
  return (
    <Panel title={t('notFound.title')} level={1} data-testid="not-found">
      <p>{t('notFound.body')}</p>
      <Link to="/">{t('notFound.back')}</Link>
    </Panel>
  );
}
