import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reactTo } from '@pupitre/api-client';
import { useSession } from '@pupitre/session';
import { Button, Panel } from '@pupitre/ui';
import { accountApi } from '../../api';
import { passwordRuleKeys, validateNewPassword } from '../../validation';
import { Field, FormError } from '../Field';
import { NewPasswordField } from './NewPasswordField';
import { emailWords } from './strength';

type Errors = { current?: string; next?: { message: string; details: string[] }; repeat?: string };

const listOf = (body: unknown, field: string): string[] => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * /settings: a new password, given the current one (POST /auth/manage/users/set_password/). The
 * service's answers show under the field they are about; on success the other sessions have ended
 * (`onChanged`: the sessions list reloads).
 */
export function ChangePasswordPanel({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const { email } = useSession();
  const ids = { current: useId(), next: useId(), repeat: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // Each success starts the form afresh: the fields hidden again (their toggles released).
  const [round, setRound] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const local: Errors = {};
    if (!current) local.current = t('common:Auth.all-fields-required');
    const invalid = validateNewPassword(next, repeat);
    if (invalid === 'Auth.not-corresponding-password') local.repeat = t(`common:${invalid}`);
    else if (invalid) local.next = { message: t(`common:${invalid}`), details: [] };
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    const outcome = await accountApi.setPassword({ current_password: current, new_password: next, re_new_password: repeat });
    setBusy(false);
    if (outcome.kind === 'no-content' || outcome.kind === 'ok') {
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone(true);
      setRound((n) => n + 1);
      onChanged?.();
      return;
    }
    if (outcome.kind === 'bad-request') {
      const body = outcome.body;
      const server: Errors = {};
      if (listOf(body, 'current_password').length) server.current = t('password.change.wrongCurrent');
      const rules = listOf(body, 'new_password');
      if (rules.length)
        server.next = { message: t('common:Auth.invalid-password'), details: passwordRuleKeys(rules).map((k) => t(`common:${k}`)) };
      if (listOf(body, 'non_field_errors').length || listOf(body, 're_new_password').length)
        server.repeat = t('common:Auth.not-corresponding-password');
      setErrors(Object.keys(server).length ? server : { current: t('common:Error.fatal') });
      return;
    }
    if (outcome.kind === 'throttled') {
      setErrors({ current: t('common:Error.throttled') });
      return;
    }
    reactTo(outcome);
  };

  return (
    <Panel title={t('password.change.title')}>
      <form
        key={round}
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t('password.change.title')}
        data-testid="change-password-form"
      >
        <Field
          label={t('password.change.current')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          invalid={!!errors.current}
          errorId={ids.current}
        />
        <FormError id={ids.current} message={errors.current ?? null} />
        <NewPasswordField
          label={t('password.change.new')}
          name="new_password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          invalid={!!errors.next}
          errorId={ids.next}
          userInputs={emailWords(email)}
        />
        <FormError id={ids.next} message={errors.next?.message ?? null} details={errors.next?.details} />
        <Field
          label={t('password.change.repeat')}
          type="password"
          name="re_new_password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          invalid={!!errors.repeat}
          errorId={ids.repeat}
        />
        <FormError id={ids.repeat} message={errors.repeat ?? null} />
        {done ? (
          <p className="pp-success" role="status" data-testid="change-password-success">
            {t('password.change.success')}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('password.change.submit')}
        </Button>
      </form>
    </Panel>
  );
}
