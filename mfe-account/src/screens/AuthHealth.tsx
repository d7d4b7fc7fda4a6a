import { useTranslation } from 'react-i18next';
import type { HealthResponse } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import styles from '../account.module.css';

/** GET /auth/health: the auth service's public status ("ok" or "degraded"). */
export function AuthHealth() {
  const { t } = useTranslation('account');
  // A probe: its failure is shown here, never as a page-level popup or redirect.
  const state = useApiGet<HealthResponse>('/auth/health', { auth: false, react: false });
  const status = state.status === 'success' ? state.data.status : state.status === 'error' ? 'unreachable' : null;
  const good = status === 'ok';
  return (
    <p className={styles.health} data-testid="auth-health" data-status={status ?? 'loading'} role="status" aria-live="polite">
      <span className={`${styles.dot} ${status === null ? '' : good ? styles.up : styles.down}`} aria-hidden="true" />
      {t('health.label')}: {status === null ? t('health.checking') : status === 'unreachable' ? t('health.unreachable') : status}
    </p>
  );
}
