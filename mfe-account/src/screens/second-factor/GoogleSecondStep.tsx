import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storeTokens } from '@pupitre/api-client';
import { Button, showPopup } from '@pupitre/ui';
import { accountApi } from '../../api';
import { FormError } from '../Field';
import { type ProofKind, proofFields, secondFactorAnswer, SecondFactorStep } from './SecondFactorStep';

/**
 * Google sign-in of an account with the second factor: the one-time code is kept by the server for
 * a few minutes while the code of the app (or a recovery code) is typed here, then exchanged with it.
 */
export function GoogleSecondStep({ oneTimeCode }: { oneTimeCode: string }) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const errorId = useId();
  const [kind, setKind] = useState<ProofKind>('otp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await accountApi.exchangeGoogleCode({ code: oneTimeCode, ...proofFields(true, kind, code) });
    setBusy(false);
    if (outcome.kind === 'ok' && outcome.data.access) {
      storeTokens(outcome.data, outcome.data.email);
      showPopup('Success.login');
      void navigate('/', { replace: true });
    } else if (outcome.kind === 'unauthorized' && secondFactorAnswer(outcome.body)) {
      setError('secondFactor.errors.invalid-code');
    } else if (outcome.kind === 'throttled') {
      setError('secondFactor.errors.throttled');
    } else {
      showPopup('Error.google-login');
      void navigate('/auth?form=login', { replace: true });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('secondFactor.title')} data-testid="google-second-factor">
      <SecondFactorStep kind={kind} onKind={setKind} code={code} onCode={setCode} invalid={!!error} errorId={errorId} />
      <FormError id={errorId} message={error ? t(error) : null} />
      <Button type="submit" disabled={busy}>
        {t('auth.submitLogin')}
      </Button>
    </form>
  );
}
