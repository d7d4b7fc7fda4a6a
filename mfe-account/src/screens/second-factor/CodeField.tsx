import { useTranslation } from 'react-i18next';
import { Field } from '../Field';

/**
 * The second factor's input: a 6-digit code from the authenticator app (numeric keyboard, the
 * phone's one-time-code autofill), or a recovery code (`recovery`).
 */
export function CodeField({
  value,
  onChange,
  recovery = false,
  invalid,
  errorId,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  invalid?: boolean;
  errorId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  return recovery ? (
    <Field
      label={t('secondFactor.recoveryCode')}
      name="recovery_code"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      invalid={invalid}
      errorId={errorId}
      autoFocus={autoFocus}
      data-testid="recovery-code-input"
    />
  ) : (
    <Field
      label={t('secondFactor.code')}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      invalid={invalid}
      errorId={errorId}
      autoFocus={autoFocus}
      data-testid="otp-input"
    />
  );
}

/** The message key (account namespace) of a failed second-factor call. */
export function secondFactorError(outcome: { kind: string; body?: unknown }): string {
  if (outcome.kind === 'throttled') return 'secondFactor.errors.throttled';
  const error = outcome.body && typeof outcome.body === 'object' ? (outcome.body as { error?: unknown }).error : undefined;
  if (outcome.kind === 'bad-request' && (error === 'invalid-code' || error === 'wrong-password')) return `secondFactor.errors.${error}`;
  return 'secondFactor.errors.failed';
}
