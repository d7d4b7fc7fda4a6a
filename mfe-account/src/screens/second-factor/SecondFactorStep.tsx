import { useTranslation } from 'react-i18next';
import { MFA_INVALID, MFA_REQUIRED, mfaCodeOf } from '../../api';
import { CodeField } from './CodeField';
import styles from './second-factor.module.css';

/** Which proof the second step of a sign-in sends: a code of the app, or a recovery code. */
export type ProofKind = 'otp' | 'recovery';

/** The body fields of the second step (`otp` or `recovery_code`), none before it is asked. */
export function proofFields(asked: boolean, kind: ProofKind, code: string): { otp?: string; recovery_code?: string } {
  if (!asked) return {};
  return kind === 'otp' ? { otp: code.replace(/\s+/g, '') } : { recovery_code: code.trim() };
}

/** What a sign-in's 401 says about the second factor: asked for it, a wrong code, or nothing of it. */
export function secondFactorAnswer(body: unknown): 'required' | 'invalid' | null {
  const code = mfaCodeOf(body);
  return code === MFA_REQUIRED ? 'required' : code === MFA_INVALID ? 'invalid' : null;
}

/**
 * The second step of a sign-in (password or Google), once the server asked for it: a code of the
 * authenticator app, or a recovery code instead.
 */
export function SecondFactorStep({
  kind,
  onKind,
  code,
  onCode,
  invalid,
  errorId,
}: {
  kind: ProofKind;
  onKind: (kind: ProofKind) => void;
  code: string;
  onCode: (code: string) => void;
  invalid: boolean;
  errorId: string;
}) {
  const { t } = useTranslation('account');
  return (
    <div data-testid="second-factor-step">
      <p>{t('secondFactor.signInLead')}</p>
      <CodeField value={code} onChange={onCode} recovery={kind === 'recovery'} invalid={invalid} errorId={errorId} autoFocus />
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          onCode('');
          onKind(kind === 'otp' ? 'recovery' : 'otp');
        }}
      >
        {kind === 'otp' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
      </button>
    </div>
  );
}
