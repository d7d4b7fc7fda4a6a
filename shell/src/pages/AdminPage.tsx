import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, usePageTitle } from '@pupitre/ui';
import { useRuntimeConfig } from '../config/runtime-config';

/** Spec: the admin route only shows a deterrent, then sends the browser elsewhere after 4 s. */
export const ADMIN_REDIRECT_MS = 4000;

const assign = (url: string) => window.location.assign(url);

export function AdminPage({ redirect = assign }: { redirect?: (url: string) => void }) {
  const { t } = useTranslation('common');
  const { adminRedirectUrl } = useRuntimeConfig();
  usePageTitle(t('title.admin'));
  useEffect(() => {
    const timer = setTimeout(() => redirect(adminRedirectUrl), ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect, adminRedirectUrl]);
  return (
    <div data-testid="admin">
      <Loading label={t('admin.redirecting')} />
    </div>
  );
}
