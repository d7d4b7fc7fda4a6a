import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Shown while the browser is offline (the service worker keeps the shell itself working). */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p className={styles.offline} role="status" data-testid="offline-banner">
      {t('offline')}
    </p>
  );
}
