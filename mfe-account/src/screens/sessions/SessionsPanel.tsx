import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiOutcome, reactTo, useApiGet } from '@pupitre/api-client';
import { useFormat } from '@pupitre/i18n';
import { Button, LoadError, Loading, Panel } from '@pupitre/ui';
import { type AccountSession, accountApi, SESSIONS_PATH } from '../../api';
import styles from '../../account.module.css';
import { useDeviceWords } from './device-words';

/**
 * /settings: the user's own sessions (device, browser, system, sign-in month, last use to the day),
 * this device first and marked; each other one can be signed out, or all of them at once.
 */
export function SessionsPanel() {
  const { t } = useTranslation(['account', 'common']);
  const state = useApiGet<AccountSession[]>(SESSIONS_PATH);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sessions = state.status === 'success' ? [...state.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((s) => !s.current).length;

  const run = async (call: () => Promise<ApiOutcome<unknown>>, done: string) => {
    setBusy(true);
    const outcome = await call();
    setBusy(false);
    // A session that had already ended (404) is gone from the list all the same.
    if (outcome.kind === 'ok' || outcome.kind === 'no-content' || outcome.kind === 'not-found') setMessage(done);
    else if (outcome.kind === 'throttled') setMessage(t('common:Error.throttled'));
    else reactTo(outcome);
    state.reload();
  };

  return (
    <Panel title={t('sessions.title')}>
      <p>{t('sessions.lead')}</p>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
      <ul className={styles.sessions} data-testid="sessions-list">
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={busy}
            onEnd={() => void run(() => accountApi.endSession(session.id), t('sessions.ended'))}
          />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => accountApi.endOtherSessions(), t('sessions.endedOthers'))}
          data-testid="end-other-sessions"
        >
          {t('sessions.endOthers')}
        </Button>
      ) : null}
      <p role="status" data-testid="sessions-status">
        {message}
      </p>
    </Panel>
  );
}

function SessionItem({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const describe = useDeviceWords();
  const id = useId();
  return (
    <li className={styles.session} data-testid="session" data-current={session.current}>
      <div id={id}>
        <p>
          {describe(session.device)}
          {session.current ? <span className={styles.thisDevice}> · {t('sessions.thisDevice')}</span> : null}
        </p>
        <p className={styles.sessionWhen}>
          {t('sessions.when', { month: format.month(`${session.signedInMonth}-01`), day: format.day(session.lastUsedDay) })}
        </p>
      </div>
      {session.current ? null : (
        <Button type="button" variant="secondary" disabled={busy} onClick={onEnd} aria-describedby={id} data-testid="end-session">
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
