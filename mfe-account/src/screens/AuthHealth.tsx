import { useTranslation } from 'react-i18next';
import type { HealthResponse } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Notice } from '@pupitre/ui';

/**
 * GET /auth/health: nothing to say while the account service is fine; when it is degraded or out
 * of reach, a plain warning that signing in may fail for now (no service names, no status words).
 */
export function AuthHealth() {
  const { t } = useTranslation('account');
  // A probe: its failure is shown here, never as a page-level popup or redirect.
  const state = useApiGet<HealthResponse>('/auth/health', { auth: false, react: false });
  const trouble = state.status === 'error' || (state.status === 'success' && state.data.status !== 'ok');
  return (
    <div
      data-testid="auth-health"
      data-status={state.status === 'success' ? state.data.status : state.status === 'error' ? 'unreachable' : 'loading'}
    >
      {trouble ? <Notice tone="offline">{t('health.trouble')}</Notice> : null}
    </div>
  );
}
