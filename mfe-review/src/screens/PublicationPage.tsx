import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Subject } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Screen, SubjectChip, useSignedIn } from '@pupitre/review-ui';
import { LoadError, Loading, Panel } from '@pupitre/ui';
import { formTeacher, isId, newAttempt, reviewApi } from '../api';
import { emptyValues, withTeacher, type ReviewFormValues } from '../form/model';
import { ReviewForm } from '../form/ReviewForm';
import { MFE } from '../version';
import styles from '../review.module.css';

/** GET /api/subjects: each subject with its colour (the legend of the colours review cards use). */
export function SubjectList() {
  const { t } = useTranslation('review');
  const state = useApiGet<Subject[]>('/api/subjects', { auth: false });
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const subjects = Array.isArray(state.data) ? state.data : [];
  if (subjects.length === 0) return <p>{t('publication.noSubjects')}</p>;
  return (
    <ul className={styles.subjects} data-testid="subject-list">
      {subjects.map((subject) => (
        <li key={subject.id} data-color={subject.color}>
          <SubjectChip name={subject.name} color={subject.color} />
        </li>
      ))}
    </ul>
  );
}

/** `?teacher={id}` preselects the teacher (his details give the subject options). */
function usePreselected(teacherParam: string | null): { ready: boolean; initial: ReviewFormValues } {
  const [state, setState] = useState<{ key: string | null; initial: ReviewFormValues } | null>(null);
  const key = isId(teacherParam) ? teacherParam : null;
  useEffect(() => {
    if (!key) return;
    let live = true;
    void reviewApi.teacher(Number(key)).then((outcome) => {
      if (!live) return;
      setState({ key, initial: outcome.kind === 'ok' ? withTeacher(emptyValues(), formTeacher(outcome.data)) : emptyValues() });
    });
    return () => {
      live = false;
    };
  }, [key]);
  if (!key) return { ready: true, initial: emptyValues() };
  return state && state.key === key ? { ready: true, initial: state.initial } : { ready: false, initial: emptyValues() };
}

export function PublicationPage() {
  const { t } = useTranslation('review');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const teacherParam = params.get('teacher');
  const { ready, initial } = usePreselected(teacherParam);
  // One name for this form's submissions: a resend of the same review after a lost answer gets the original 201.
  const [attempt] = useState(newAttempt);
  return (
    <Screen {...MFE} title={t('publication.title')}>
      <h1>{t('publication.title')}</h1>
      <p>{t('publication.lead')}</p>
      {signedIn ? null : (
        <Panel tone="alert" data-testid="signed-out-notice">
          <p>
            {t('publication.signedOut')} <Link to="/auth?form=login">{t('publication.signIn')}</Link>
          </p>
        </Panel>
      )}
      <Panel>
        {ready ? (
          <ReviewForm
            key={teacherParam ?? 'none'}
            mode="create"
            initial={initial}
            onSubmit={async (payload) => {
              if (!signedIn) {
                navigate('/auth?form=login');
                return null;
              }
              const answer = await reviewApi.create(payload, attempt);
              if (answer.ok) {
                navigate(`/publication/complete?id=${answer.id}`);
                return null;
              }
              return answer.error;
            }}
          />
        ) : (
          <Loading />
        )}
      </Panel>
      <Panel title={t('publication.subjects')} level={2}>
        <SubjectList />
      </Panel>
    </Screen>
  );
}
