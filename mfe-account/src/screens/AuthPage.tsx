import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storeTokens } from '@pupitre/api-client';
import { getSession } from '@pupitre/session';
import { Button, NeedsJavaScript, showPopup, useMountValue } from '@pupitre/ui';
import { accountApi, GOOGLE_START_PATH } from '../api';
import styles from '../account.module.css';
import { signupErrorMessage, validateLogin, validateSignup, isEmail } from '../validation';
import { AuthHealth } from './AuthHealth';
import { Field, FormError } from './Field';
import { NewPasswordField } from './password/NewPasswordField';
import { emailWords } from './password/strength';
import { Screen } from './Screen';
import { type ProofKind, proofFields, secondFactorAnswer, SecondFactorStep } from './second-factor/SecondFactorStep';

/** Spec, section 9: after a successful login, home after 3.5 s. */
export const LOGIN_REDIRECT_MS = 3500;

/**
 * Where a login goes on: `?next=` when it is a path of this site (the review a visitor was
 * writing, say), else home. Never another origin (`//x`, `https:`): no open redirect.
 */
export function nextPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) && !next.startsWith('/auth') ? next : '/';
}

type Tab = 'login' | 'signup';

function LoginForm({ initialEmail, next }: { initialEmail: string; next: string }) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  // Ids from the form, never useId: the page is server-rendered (issue #39).
  const errorId = 'login-error';
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The second factor, once the server asks for it (the credentials are sent again with the code).
  const [asked, setAsked] = useState(false);
  const [proofKind, setProofKind] = useState<ProofKind>('otp');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(next), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, next]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const outcome = await accountApi.login({ email: email.trim(), password, ...proofFields(asked, proofKind, code) });
    setBusy(false);
    const secondFactor = outcome.kind === 'unauthorized' ? secondFactorAnswer(outcome.body) : null;
    if (secondFactor) {
      setAsked(true);
      setError(secondFactor === 'invalid' ? 'secondFactor.errors.invalid-code' : null);
    } else if (outcome.kind === 'ok') {
      storeTokens(outcome.data, email.trim());
      showPopup('Success.login');
      setDone(true);
    } else if (outcome.kind === 'unauthorized' || outcome.kind === 'bad-request') {
      // Also the answer for an account not activated yet: the message says so.
      setError('Error.wrong-login');
      showPopup('Error.wrong-login');
    } else if (outcome.kind === 'throttled') {
      setError('Error.throttled');
    } else {
      showPopup(outcome.kind === 'fatal' ? 'Error.fatal' : 'Error.login-failed');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('auth.login')} data-testid="login-form">
      <Field
        label={t('auth.email')}
        type="email"
        id="login-email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        invalid={!!error}
        errorId={errorId}
        required
      />
      <Field
        label={t('auth.password')}
        type="password"
        id="login-password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        invalid={!!error}
        errorId={errorId}
        required
      />
      {asked ? (
        <SecondFactorStep kind={proofKind} onKind={setProofKind} code={code} onCode={setCode} invalid={!!error} errorId={errorId} />
      ) : null}
      <FormError id={errorId} message={error ? t(error.startsWith('secondFactor.') ? error : `common:${error}`) : null} />
      {done ? (
        <p className="pp-success" role="status" data-testid="login-success">
          {t('common:Success.login')}
        </p>
      ) : null}
      <NeedsJavaScript />
      <Button type="submit" disabled={busy || done}>
        {t('auth.submitLogin')}
      </Button>
    </form>
  );
}

function SignupForm({ onCreated }: { onCreated: (email: string) => void }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const errorId = 'signup-error';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ key: string; details: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateSignup(email, password, confirm);
    setError(invalid ? { key: invalid, details: [] } : null);
    if (invalid) return;
    setBusy(true);
    const lang = (['fr', 'es', 'en'] as const).find((l) => l === (i18n.resolvedLanguage ?? i18n.language)) ?? 'fr';
    const outcome = await accountApi.signup({ email: email.trim(), password, re_password: confirm, lang });
    setBusy(false);
    if (outcome.kind === 'ok') {
      showPopup('Success.signup');
      onCreated(email.trim());
    } else if (outcome.kind === 'bad-request') {
      const message = signupErrorMessage(outcome.body);
      setError(message);
      showPopup(message.key);
    } else if (outcome.kind === 'throttled') {
      // Too many sign-ups from here: not a problem with the form.
      setError({ key: 'Error.throttled', details: [] });
    } else {
      showPopup(outcome.kind === 'fatal' ? 'Error.fatal' : 'Error.signup-failed');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('auth.signup')} data-testid="signup-form">
      <Field
        label={t('auth.email')}
        type="email"
        id="signup-email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        invalid={!!error}
        errorId={errorId}
        required
      />
      <NewPasswordField
        label={t('auth.password')}
        id="signup-password"
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        invalid={!!error}
        errorId={errorId}
        required
        minLength={8}
        userInputs={emailWords(email)}
      />
      <Field
        label={t('auth.confirmPassword')}
        type="password"
        id="signup-confirm"
        name="re_password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        invalid={!!error}
        errorId={errorId}
        required
      />
      <p className={styles.hint}>{t('auth.passwordHint')}</p>
      <FormError id={errorId} message={error ? t(`common:${error.key}`) : null} details={error?.details.map((key) => t(`common:${key}`))} />
      <NeedsJavaScript />
      <Button type="submit" disabled={busy}>
        {t('auth.submitSignup')}
      </Button>
    </form>
  );
}

function ForgotPassword() {
  const { t } = useTranslation(['account', 'common']);
  const errorId = 'forgot-error';
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = !email.trim() ? 'Auth.all-fields-required' : !isEmail(email) ? 'Auth.invalid-email' : null;
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const outcome = await accountApi.requestReset({ email: email.trim() });
    setBusy(false);
    const ok = outcome.kind === 'no-content' || outcome.kind === 'ok';
    showPopup(ok ? 'Success.request-reset-password' : 'Error.request-reset-password');
    if (ok) setEmail('');
  };
  return (
    <details className={styles.forgot}>
      <summary>{t('auth.forgot.toggle')}</summary>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('auth.forgot.title')} data-testid="forgot-form">
        <p>{t('auth.forgot.lead')}</p>
        <Field
          label={t('auth.email')}
          type="email"
          id="forgot-email"
          name="reset-email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={!!error}
          errorId={errorId}
        />
        <FormError id={errorId} message={error ? t(`common:${error}`) : null} />
        <NeedsJavaScript />
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </details>
  );
}

export function AuthPage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // Only a visitor who arrives signed in is sent on; a login made here stays for its message. Both
  // are read after the takeover of a server-rendered page (whose first render is signed out, no state).
  const [arrivedSignedIn] = useMountValue(() => Boolean(getSession().email), false);
  const [prefill, setPrefill] = useMountValue(() => (location.state as { email?: string } | null)?.email ?? '', '');
  const tab: Tab = params.get('form') === 'signup' ? 'signup' : 'login';
  const error = params.get('error');
  const next = params.get('next');

  useEffect(() => {
    if (error) showPopup('Error.google-login');
  }, [error]);

  if (arrivedSignedIn) return <Navigate to="/settings" replace />;

  // Switching tabs keeps where the visitor is going afterwards.
  const select = (form: Tab) => setParams(next ? { form, next } : { form }, { replace: true });
  const tabId = (name: Tab) => `auth-tab-${name}`;
  return (
    <Screen title={t('auth.title')}>
      <div className={styles.authBox}>
        <h1>{t('auth.title')}</h1>
        <p className={styles.lead}>{t('auth.lead')}</p>
        <AuthHealth />
        <div role="tablist" aria-label={t('auth.tabs')} className={styles.tabs}>
          {(['login', 'signup'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={tab === name}
              aria-controls="auth-panel"
              tabIndex={tab === name ? 0 : -1}
              className={styles.tab}
              onClick={() => select(name)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const other = name === 'login' ? 'signup' : 'login';
                  select(other);
                  document.getElementById(tabId(other))?.focus();
                }
              }}
            >
              {t(`auth.${name}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="auth-panel" aria-labelledby={tabId(tab)} className={styles.panel}>
          {tab === 'login' ? (
            <>
              <LoginForm key={prefill} initialEmail={prefill} next={nextPath(next)} />
              <ForgotPassword />
            </>
          ) : (
            <SignupForm
              onCreated={(email) => {
                setPrefill(email);
                select('login');
              }}
            />
          )}
        </div>
        <p className={styles.or}>{t('auth.or')}</p>
        <a className="pp-button pp-button--secondary pp-button--block" href={GOOGLE_START_PATH} data-testid="google-button">
          {t('auth.google')}
        </a>
        <p className={styles.small}>
          {t('auth.privacy')} <Link to="/politique-de-privacite">{t('auth.privacyLink')}</Link>
        </p>
      </div>
    </Screen>
  );
}
