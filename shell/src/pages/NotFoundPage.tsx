import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel, usePageTitle } from '@pupitre/ui';

/** Spec, section 9: the not-found screen returns home after 3 s. */
export const NOT_FOUND_REDIRECT_MS = 3000;

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  usePageTitle(t('title.notFound'));
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Panel title={t('notFound.title')} level={1} data-testid="not-found">
      <p role="alert">{t('notFound.body')}</p>
      <p>{t('notFound.redirect')}</p>
      <Link to="/">{t('notFound.back')}</Link>
    </Panel>
  );
}
