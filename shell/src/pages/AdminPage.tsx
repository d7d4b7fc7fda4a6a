import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, usePageTitle } from '@pupitre/ui';

/** Spec: the admin route only shows a deterrent, then sends the browser elsewhere after 4 s. */
export const ADMIN_REDIRECT_MS = 4000;
export const ADMIN_DETERRENT_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const assign = (url: string) => window.location.assign(url);

export function AdminPage({ redirect = assign }: { redirect?: (url: string) => void }) {
  const { t } = useTranslation('common');
  usePageTitle(t('title.admin'));
  useEffect(() => {
    const timer = setTimeout(() => redirect(ADMIN_DETERRENT_URL), ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect]);
  return (
    <div data-testid="admin">
      <Loading label={t('admin.redirecting')} />
    </div>
  );
}
