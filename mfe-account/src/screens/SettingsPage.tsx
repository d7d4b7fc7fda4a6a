import { type FormEvent, useId, useReducer, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { signInThenBackTo } from './signed-in-only';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, setLanguage, SUPPORTED_LANGUAGES } from '@pupitre/i18n';
import { clearSession, getSession, useSession } from '@pupitre/session';
import { Button, Panel } from '@pupitre/ui';
import { accountApi } from '../api';
import { Field, FormError } from './Field';
import { ChangePasswordPanel } from './password/ChangePasswordPanel';
import { SessionsPanel } from './sessions/SessionsPanel';
import { DataExportPanel } from './data-export/DataExportPanel';
import { Screen } from './Screen';
import { SecondFactorSettings } from './second-factor/SecondFactorSettings';
import styles from '../account.module.css';

const reload = () => window.location.reload();

export function SettingsPage({ onLanguageSaved = reload }: { onLanguageSaved?: () => void }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const { email } = useSession();
  const navigate = useNavigate();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A password change ends the other sessions: the list is read again.
  const [sessionsRead, readSessionsAgain] = useReducer((n: number) => n + 1, 0);
  const current = i18n.resolvedLanguage ?? i18n.language;
  // Arriving without a stored e-mail: to /auth (spec), coming back here once signed in. Signed out while here (logout, 401, another
  // tab): whoever signed out navigates; the page just empties.
  const [arrivedSignedIn] = useState(() => Boolean(getSession().email));

  if (!arrivedSignedIn) return <Navigate to={signInThenBackTo('/settings')} replace />;
  if (!email) return null;

  const deleteAccount = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('common:Auth.all-fields-required'));
      return;
    }
    setBusy(true);
    const outcome = await accountApi.deleteAccount({ current_password: password });
    setBusy(false);
    if (outcome.kind === 'no-content' || outcome.kind === 'ok') {
      clearSession();
      void navigate('/auth?form=signup', { replace: true });
      return;
    }
    setError(t('common:Error.delete-account'));
  };

  return (
    <Screen title={t('settings.title')}>
      <h1>{t('settings.title')}</h1>
      <Panel title={t('settings.language')}>
        <fieldset className={styles.choices}>
          <legend>{t('settings.languageLead')}</legend>
          {SUPPORTED_LANGUAGES.map((lng) => (
            <label key={lng} lang={lng} className={styles.choice}>
              <input
                type="radio"
                name="language"
                value={lng}
                checked={current === lng}
                onChange={(e) => {
                  if (!isLanguage(e.target.value)) return;
                  // Stored, then the page reloads in the new language (spec).
                  void setLanguage(e.target.value).then(onLanguageSaved);
                }}
              />{' '}
              {LANGUAGE_NAMES[lng]}
            </label>
          ))}
        </fieldset>
      </Panel>
      <Panel title={t('settings.account')}>
        <p data-testid="settings-email">{t('settings.email', { email })}</p>
      </Panel>
      <ChangePasswordPanel onChanged={readSessionsAgain} />
      <SessionsPanel key={sessionsRead} />
      <SecondFactorSettings />
      <DataExportPanel />
      <Panel title={t('settings.delete.title')} tone="alert">
        <p>{t('settings.delete.lead')}</p>
        <form onSubmit={(e) => void deleteAccount(e)} noValidate aria-label={t('settings.delete.title')} data-testid="delete-form">
          <Field
            label={t('settings.delete.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            invalid={!!error}
            errorId={errorId}
          />
          <FormError id={errorId} message={error} />
          <Button type="submit" disabled={busy}>
            {t('settings.delete.submit')}
          </Button>
        </form>
      </Panel>
    </Screen>
  );
}
