import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorEnrolment, SecondFactorStatus } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Button, Loading, Panel } from '@pupitre/ui';
import { accountApi, SECOND_FACTOR_PATH } from '../../api';
import { Field, FormError } from '../Field';
import { CodeField, secondFactorError } from './CodeField';
import { RecoveryCodesList } from './RecoveryCodesList';
import styles from './second-factor.module.css';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; enrolment: SecondFactorEnrolment }
  | { name: 'codes'; codes: string[]; notice: 'enabled' | 'renewed' };

/**
 * Settings, "Two-step verification": turn it on (current password, then the QR code and the key as
 * text, then a first code; the 10 recovery codes are shown once), and, once on, turn it off or get
 * new recovery codes with a code. The server decides everything; this shows its answers.
 */
export function SecondFactorSettings() {
  const { t } = useTranslation('account');
  const read = useApiGet<SecondFactorStatus>(SECOND_FACTOR_PATH, { react: false });
  const status = read.status === 'success' ? read.data : read.status;
  const load = read.reload;
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (status === 'loading') body = <Loading label={t('secondFactor.title')} />;
  else if (status === 'error') body = <p className="pp-error">{t('secondFactor.errors.failed')}</p>;
  else if (step.name === 'codes')
    body = (
      <RecoveryCodesList
        codes={step.codes}
        onDone={() => {
          setStep({ name: 'idle' });
          load();
        }}
      />
    );
  else if (step.name === 'password')
    body = <PasswordStep onCancel={() => setStep({ name: 'idle' })} onStarted={(enrolment) => setStep({ name: 'scan', enrolment })} />;
  else if (step.name === 'scan')
    body = (
      <ScanStep
        enrolment={step.enrolment}
        onCancel={() => setStep({ name: 'idle' })}
        onEnabled={(codes) => {
          setNotice(t('secondFactor.enabled'));
          setStep({ name: 'codes', codes, notice: 'enabled' });
        }}
      />
    );
  else if (!status.enabled)
    body = (
      <>
        <p>{t('secondFactor.off')}</p>
        <Button type="button" onClick={() => setStep({ name: 'password' })} data-testid="second-factor-start">
          {t('secondFactor.start')}
        </Button>
      </>
    );
  else
    body = (
      <>
        <p>{t('secondFactor.on')}</p>
        <p>{t('secondFactor.codesLeft', { count: status.recovery_codes_left })}</p>
        <ManageForm
          onDisabled={() => {
            setNotice(t('secondFactor.disabled'));
            load();
          }}
          onRenewed={(codes) => setStep({ name: 'codes', codes, notice: 'renewed' })}
        />
      </>
    );

  return (
    <Panel title={t('secondFactor.title')} data-testid="second-factor">
      <p role="status" data-testid="second-factor-notice">
        {notice}
      </p>
      {body}
    </Panel>
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (e: SecondFactorEnrolment) => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await accountApi.startSecondFactor(password);
    setBusy(false);
    if (outcome.kind === 'ok') onStarted(outcome.data);
    else setError(secondFactorError(outcome));
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('secondFactor.start')} data-testid="second-factor-password">
      <Field
        label={t('secondFactor.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        invalid={!!error}
        errorId={errorId}
      />
      <p className={styles.hint}>{t('secondFactor.passwordHint')}</p>
      <FormError id={errorId} message={error ? t(error) : null} />
      <StepActions submit={t('secondFactor.start')} busy={busy} onCancel={onCancel} />
    </form>
  );
}

function ScanStep({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: SecondFactorEnrolment;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await accountApi.confirmSecondFactor(code.replace(/\s+/g, ''));
    setBusy(false);
    if (outcome.kind === 'ok') onEnabled(outcome.data.recovery_codes);
    else setError(secondFactorError(outcome));
  };
  // Grouped by four for reading; the apps ignore the spaces.
  const secret = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('secondFactor.confirm')} data-testid="second-factor-scan">
      <p>{t('secondFactor.scan')}</p>
      <img className={styles.qr} src={enrolment.qr_svg} alt={t('secondFactor.qrAlt')} width={200} height={200} />
      <p>{t('secondFactor.secret')}</p>
      <code className={styles.secret} data-testid="second-factor-secret">
        {secret}
      </code>
      <CodeField value={code} onChange={setCode} invalid={!!error} errorId={errorId} />
      <FormError id={errorId} message={error ? t(error) : null} />
      <StepActions submit={t('secondFactor.confirm')} busy={busy} onCancel={onCancel} />
    </form>
  );
}

function ManageForm({ onDisabled, onRenewed }: { onDisabled: () => void; onRenewed: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const errorId = useId();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: 'disable' | 'regenerate') => {
    setBusy(true);
    const typed = code.trim();
    if (action === 'disable') {
      const outcome = await accountApi.disableSecondFactor(recovery ? { recovery_code: typed } : { code: typed.replace(/\s+/g, '') });
      setBusy(false);
      if (outcome.kind === 'no-content' || outcome.kind === 'ok') onDisabled();
      else setError(secondFactorError(outcome));
    } else {
      const outcome = await accountApi.newRecoveryCodes(typed.replace(/\s+/g, ''));
      setBusy(false);
      if (outcome.kind === 'ok') onRenewed(outcome.data.recovery_codes);
      else setError(secondFactorError(outcome));
    }
  };
  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate aria-label={t('secondFactor.manage')} data-testid="second-factor-manage">
      <h3>{t('secondFactor.manage')}</h3>
      <p>{t('secondFactor.proofLead')}</p>
      <CodeField value={code} onChange={setCode} recovery={recovery} invalid={!!error} errorId={errorId} />
      <button type="button" className={styles.linkButton} onClick={() => setRecovery(!recovery)}>
        {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
      </button>
      <FormError id={errorId} message={error ? t(error) : null} />
      <div className={styles.actions}>
        <Button type="button" disabled={busy} onClick={() => void run('disable')} data-testid="second-factor-disable">
          {t('secondFactor.disable')}
        </Button>
        {recovery ? null : (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void run('regenerate')}>
            {t('secondFactor.regenerate')}
          </Button>
        )}
      </div>
      {recovery ? null : <p className={styles.hint}>{t('secondFactor.regenerateHint')}</p>}
    </form>
  );
}

/** A step's buttons: submit it, or cancel the enrolment. */
function StepActions({ submit, busy, onCancel }: { submit: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.actions}>
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('secondFactor.cancel')}
      </Button>
    </div>
  );
}
