import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { OBJECTION_REASONS_MIN as REASONS_MIN } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { Button, LoadError, Loading, Notice } from '@pupitre/ui';
import styles from '../../account.module.css';
import { Screen } from '../Screen';
import { type ObjectionView, TEACHER_SPACE_PATH, teacherApi, type TeacherSpace } from './teacher-api';

const REASONS_MAX = 2000;

/**
 * /me/teacher: the linked teacher's space: whether he is listed, his objection to being listed
 * (the form, or its state and the moderators' reasons), and the way to reply to reviews about him
 * (the replies' page belongs to the review micro-frontend: /reponses).
 */
export function TeacherSpacePage() {
  const { t } = useTranslation('account');
  const state = useApiGet<TeacherSpace>(TEACHER_SPACE_PATH);
  const [sent, setSent] = useState<ObjectionView | null>(null);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const space = state.data;
  const objection = sent ?? space.objection;
  return (
    <Screen title={t('teacherSpace.title')}>
      <h1>{t('teacherSpace.title')}</h1>
      <p data-testid="teacher-space-name">{t('teacherSpace.linked', { teacher: `${space.teacher.prefix} ${space.teacher.name}` })}</p>
      <p data-testid="teacher-listed">{space.listed ? t('teacherSpace.listed') : t('teacherSpace.delisted')}</p>
      {space.listed ? (
        <p>
          <Link className={styles.linkCard} to="/reponses">
            {t('teacherSpace.repliesLink', { count: space.reviews.length })}
          </Link>
        </p>
      ) : null}
      <h2>{t('teacherSpace.objectionTitle')}</h2>
      {objection && objection.state !== 'refused' ? (
        <ObjectionState objection={objection} />
      ) : (
        <>
          {objection ? <ObjectionState objection={objection} /> : null}
          <ObjectionForm onSent={setSent} />
        </>
      )}
    </Screen>
  );
}

function ObjectionState({ objection }: { objection: ObjectionView }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  return (
    <div data-testid="objection-state" data-state={objection.state}>
      <p>{t(`teacherSpace.state.${objection.state}`, { date: format.day(objection.created_at) })}</p>
      {objection.erase_after ? <p>{t('teacherSpace.eraseAfter', { date: format.day(objection.erase_after) })}</p> : null}
      {objection.reason_text ? <p>{objection.reason_text}</p> : null}
    </div>
  );
}

function ObjectionForm({ onSent }: { onSent: (objection: ObjectionView) => void }) {
  const { t } = useTranslation('account');
  const [reasons, setReasons] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const tooShort = reasons.trim().length < REASONS_MIN;
  const submit = async () => {
    setBusy(true);
    const outcome = await teacherApi.object(reasons.trim());
    setBusy(false);
    if (outcome.kind === 'ok') onSent(outcome.data);
    else setFailed(true);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>{t('teacherSpace.objectionLead')}</p>
      <label htmlFor="objection-reasons">{t('teacherSpace.reasons')}</label>
      <textarea
        id="objection-reasons"
        className={styles.textarea}
        value={reasons}
        maxLength={REASONS_MAX}
        rows={5}
        onChange={(e) => setReasons(e.target.value)}
        aria-describedby="objection-hint"
      />
      <p id="objection-hint" className={styles.meta}>
        {t('teacherSpace.reasonsHint', { min: REASONS_MIN })}
      </p>
      {failed ? <Notice>{t('teacherSpace.failed')}</Notice> : null}
      <Button type="submit" disabled={busy || tooShort} data-testid="send-objection">
        {t('teacherSpace.send')}
      </Button>
    </form>
  );
}
