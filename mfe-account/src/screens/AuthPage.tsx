import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel } from '@pupitre/ui';
import { AuthHealth } from './AuthHealth';
import { Screen } from './Screen';

export function AuthPage() {
  const { t } = useTranslation('account');
  return (
    <Screen title={t('auth.title')}>
      <h1>{t('auth.title')}</h1>
      <p>{t('auth.lead')}</p>
      <Panel>
        <p>{t('auth.privacy')}</p>
        <Link to="/politique-de-privacite">{t('auth.privacyLink')}</Link>
      </Panel>
      <AuthHealth />
    </Screen>
  );
}
