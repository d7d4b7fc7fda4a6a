import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storeTokens } from '@pupitre/api-client';
import { Button, Loading, showPopup } from '@pupitre/ui';
import { accountApi } from '../api';
import { validateNewPassword, signupErrorMessage } from '../validation';
import { replaceAddress, useEmailedLink } from './address-bar';
import { Field, FormError } from './Field';
import { NewPasswordField } from './password/NewPasswordField';
import { Screen } from './Screen';
import { GoogleSecondStep } from './second-factor/GoogleSecondStep';
import { secondFactorAnswer } from './second-factor/SecondFactorStep';

/** Spec, section 9: the activation screen goes to the login form after 3 s. */
export const ACTIVATION_REDIRECT_MS = 3000;

// One activation / exchange per link even when React runs effects twice (StrictMode): the link's
// token is single-use.
const activations = new Map<string, ReturnType<typeof accountApi.activate>>();
const exchanges = new Map<string, ReturnType<typeof accountApi.exchangeGoogleCode>>();

export function ActivatePage() {
  const { t } = useTranslation('account');
  const { uid, token } = useEmailedLink('/activate/');
  const navigate = useNavigate();
  const [result, setResult] = useState<'pending' | 'ok' | 'error'>('pending');

  useEffect(() => {
    let active = true;
    const key = `${uid}/${token}`;
    let call = activations.get(key);
    if (!call) {
      call = accountApi.activate({ uid, token });
      activations.set(key, call);
    }
    void call.then((outcome) => {
      if (active) setResult(outcome.kind === 'no-content' || outcome.kind === 'ok' ? 'ok' : 'error');
    });
    return () => {
      active = false;
    };
  }, [uid, token]);

  useEffect(() => {
    if (result === 'pending') return;
    const timer = setTimeout(() => void navigate('/auth?form=login', { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  return (
    <Screen title={t('activate.title')}>
      <h1>{t('activate.title')}</h1>
      {result === 'pending' ? (
        <Loading />
      ) : (
        <p role="status" data-testid="activation-result" data-result={result} className={result === 'ok' ? 'pp-success' : 'pp-error'}>
          {t(result === 'ok' ? 'activate.success' : 'activate.error')}
        </p>
      )}
    </Screen>
  );
}

export function PasswordResetConfirmPage() {
  const { t } = useTranslation(['account', 'common']);
  const { uid, token } = useEmailedLink('/password/reset/confirm/');
  const navigate = useNavigate();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirm);
    setError(invalid ? { message: t(`common:${invalid}`), details: [] } : null);
    if (invalid) return;
    setBusy(true);
    const outcome = await accountApi.confirmReset({ uid, token, new_password: password, re_new_password: confirm });
    setBusy(false);
    if (outcome.kind === 'no-content' || outcome.kind === 'ok') {
      showPopup('Success.password-reset');
      void navigate('/auth?form=login', { replace: true });
      return;
    }
    if (outcome.kind === 'bad-request') {
      const body = outcome.body as Record<string, unknown> | null;
      if (body && ('uid' in body || 'token' in body)) setError({ message: t('passwordReset.invalidLink'), details: [] });
      else {
        const mapped = signupErrorMessage(body);
        setError({
          message: t(`common:${mapped.key === 'Error.signup-failed' ? 'Error.fatal' : mapped.key}`),
          details: mapped.details.map((key) => t(`common:${key}`)),
        });
      }
      return;
    }
    showPopup('Error.fatal');
  };

  return (
    <Screen title={t('passwordReset.title')}>
      <h1>{t('passwordReset.title')}</h1>
      <p>{t('passwordReset.lead')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('passwordReset.title')} data-testid="reset-form">
        <NewPasswordField
          label={t('passwordReset.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={!!error}
          errorId={errorId}
        />
        <Field
          label={t('passwordReset.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          invalid={!!error}
          errorId={errorId}
        />
        <FormError id={errorId} message={error?.message ?? null} details={error?.details} />
        <Button type="submit" disabled={busy}>
          {t('passwordReset.submit')}
        </Button>
      </form>
    </Screen>
  );
}

/**
 * Google sign-in landing: the auth service's callback sends the browser here with a one-time code
 * (never tokens in a URL); the page exchanges it by POST for the tokens and e-mail, then goes home.
 */
export function GoogleLoginPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [code] = useState(() => params.get('code'));
  // An account with the second factor: the code of the app is asked before the one-time code is used.
  const [secondStep, setSecondStep] = useState(false);

  useEffect(() => {
    // The code leaves the address bar (history, screenshots) at once.
    replaceAddress(window.location.pathname);
    if (!code) {
      showPopup('Error.google-login');
      void navigate('/auth?form=login', { replace: true });
      return;
    }
    let active = true;
    let call = exchanges.get(code);
    if (!call) {
      call = accountApi.exchangeGoogleCode({ code });
      exchanges.set(code, call);
    }
    void call.then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'ok' && outcome.data.access) {
        storeTokens(outcome.data, outcome.data.email);
        showPopup('Success.login');
        void navigate('/', { replace: true });
      } else if (outcome.kind === 'unauthorized' && secondFactorAnswer(outcome.body) === 'required') {
        setSecondStep(true);
      } else {
        showPopup('Error.google-login');
        void navigate('/auth?form=login', { replace: true });
      }
    });
    return () => {
      active = false;
    };
  }, [code, navigate]);

  return (
    <Screen title={t('googleLogin.title')}>
      <h1>{t('googleLogin.title')}</h1>
      {secondStep && code ? <GoogleSecondStep oneTimeCode={code} /> : <Loading label={t('googleLogin.lead')} />}
    </Screen>
  );
}
