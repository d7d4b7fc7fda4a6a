import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { refreshTokens } from '@pupitre/api-client';
import { Button, Notice } from '@pupitre/ui';
import { Screen } from '../Screen';
import { teacherApi } from './teacher-api';

type Failure = 'invalid' | 'wrong-account' | 'taken' | null;

/**
 * /me/teacher-invitation/:token (the link of a moderator's invitation, signed in with the invited
 * address): links the account to the teacher's record, refreshes the session so its token carries
 * the link, then opens the teacher's space.
 */
export function TeacherInvitationPage() {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const accept = async () => {
    setBusy(true);
    const outcome = await teacherApi.acceptInvitation(token);
    setBusy(false);
    if (outcome.kind === 'ok') {
      await refreshTokens({ force: true });
      void navigate('/me/teacher');
      return;
    }
    setFailure(outcome.kind === 'conflict' ? 'taken' : outcome.status === 403 ? 'wrong-account' : 'invalid');
  };
  return (
    <Screen title={t('teacherInvitation.title')}>
      <h1>{t('teacherInvitation.title')}</h1>
      <p>{t('teacherInvitation.lead')}</p>
      {failure ? <Notice data-testid="invitation-error">{t(`teacherInvitation.errors.${failure}`)}</Notice> : null}
      <Button onClick={() => void accept()} disabled={busy} data-testid="accept-invitation">
        {t('teacherInvitation.accept')}
      </Button>
    </Screen>
  );
}
