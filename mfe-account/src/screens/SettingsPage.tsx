import { useTranslation } from 'react-i18next';
import { useSession } from '@pupitre/session';
import { LanguageSelect, Panel } from '@pupitre/ui';
import { Screen } from './Screen';

export function SettingsPage() {
  const { t } = useTranslation('account');
  const { email } = useSession();
  return (
    <Screen title={t('settings.title')}>
      <h1>{t('settings.title')}</h1>
      <Panel title={t('settings.language')}>
        <p>{t('settings.languageLead')}</p>
        <LanguageSelect id="settings-language" />
      </Panel>
      {email ? <p>{t('settings.email', { email })}</p> : null}
    </Screen>
  );
}
