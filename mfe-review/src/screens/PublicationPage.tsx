import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Subject } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Screen, SubjectChip, useSignedIn } from '@pupitre/review-ui';
import { Button, LoadError, Loading, Notice, useHydrated, useMountValue } from '@pupitre/ui';
import { formTeacher, isId, newAttempt, reviewApi, signInThenBackTo } from '../api';
import { dropDraft, loadDraft, saveDraft } from '../form/draft';
import { emptyValues, isBlank, withTeacher, type ReviewFormValues } from '../form/model';
import { ReviewForm } from '../form/ReviewForm';
import { MFE } from '../version';
import styles from '../review.module.css';

const HERE = '/publication';

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

type Start = { ready: false } | { ready: true; initial: ReviewFormValues; restored: boolean };

/**
 * Where the form starts: the draft kept on this device (when it is about the same teacher, or no
 * teacher is asked for), else `?teacher={id}` preselected (his details give the subject options),
 * else empty.
 */
function useStart(teacherParam: string | null, draft: ReviewFormValues | null, attempt: number): Start {
  const key = isId(teacherParam) ? teacherParam : null;
  const [state, setState] = useState<{ key: string; start: Start } | null>(null);
  const stateKey = `${key}:${attempt}`;
  const draftFits = draft !== null && (key === null || draft.teacher?.id === Number(key));
  useEffect(() => {
    if (!key || draftFits) return;
    let live = true;
    void reviewApi.teacher(Number(key)).then((outcome) => {
      if (live)
        setState({
          key: stateKey,
          start: {
            ready: true,
            restored: false,
            initial: outcome.kind === 'ok' ? withTeacher(emptyValues(), formTeacher(outcome.data)) : emptyValues(),
          },
        });
    });
    return () => {
      live = false;
    };
  }, [key, draftFits, stateKey]);
  if (draftFits) return { ready: true, initial: draft, restored: true };
  if (!key) return { ready: true, initial: emptyValues(), restored: false };
  return state?.key === stateKey ? state.start : { ready: false };
}

export function PublicationPage() {
  const { t } = useTranslation('review');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const teacherParam = params.get('teacher');
  const [attempt, setAttempt] = useState(0);
  // The draft found on arrival (read once: what is typed here afterwards is no "restored" draft),
  // after the takeover of a server-rendered page: its first render is the server's empty form.
  const [draft, setDraft] = useMountValue(() => loadDraft(), null);
  const hydrated = useHydrated();
  const start = useStart(teacherParam, draft, attempt);
  // One name for this form's submissions: a resend of the same review after a lost answer gets the original 201.
  const [idempotency] = useState(newAttempt);
  const keep = useCallback((values: ReviewFormValues) => (isBlank(values) ? dropDraft() : saveDraft(values)), []);
  return (
    <Screen {...MFE} title={t('publication.title')}>
      <h1>{t('publication.title')}</h1>
      <p className="pp-lead">{t('publication.lead')}</p>
      {signedIn ? null : (
        <Notice data-testid="signed-out-notice">
          {t('publication.signedOut')} <Link to={signInThenBackTo(HERE)}>{t('publication.signIn')}</Link>
        </Notice>
      )}
      {start.ready && start.restored ? (
        <div className={styles.restored} data-testid="draft-restored">
          <Notice>{t('publication.restored')}</Notice>
          <Button
            variant="secondary"
            onClick={() => {
              dropDraft();
              setDraft(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('publication.startOver')}
          </Button>
        </div>
      ) : null}
      {start.ready ? (
        <ReviewForm
          key={`${teacherParam ?? 'none'}:${attempt}:${start.restored ? 'draft' : 'new'}`}
          mode="create"
          initial={start.initial}
          // Not while hydrating: the server's empty form would drop the draft before it is read.
          onValues={hydrated ? keep : undefined}
          signedOut={!signedIn}
          onSubmit={async (payload) => {
            // The draft is kept: once signed in, the visitor comes back to it here.
            if (!signedIn) {
              navigate(signInThenBackTo(HERE));
              return null;
            }
            const answer = await reviewApi.create(payload, idempotency);
            if (answer.ok) {
              dropDraft();
              navigate(`/publication/complete?id=${answer.id}`);
              return null;
            }
            if (answer.error === 'signed-out') {
              navigate(signInThenBackTo(HERE));
              return null;
            }
            return answer.error;
          }}
        />
      ) : (
        <Loading />
      )}
      <section className={`pp-panel ${styles.legend}`} aria-labelledby="publication-subjects">
        <h2 id="publication-subjects">{t('publication.subjects')}</h2>
        <SubjectList />
      </section>
    </Screen>
  );
}
