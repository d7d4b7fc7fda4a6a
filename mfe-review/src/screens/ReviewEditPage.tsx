import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen, useSignedIn } from '@pupitre/review-ui';
import { Button, Loading, Notice, Panel } from '@pupitre/ui';
import { formTeacher, isId, reviewApi, signInThenBackTo } from '../api';
import { valuesFromEditView, type ReviewFormValues } from '../form/model';
import { ReviewForm } from '../form/ReviewForm';
import { MFE } from '../version';

type Loaded = { status: 'loading' } | { status: 'ready'; initial: ReviewFormValues } | { status: 'error' };

function useEditValues(id: number, attempt: number): Loaded {
  const [state, setState] = useState<{ key: string; loaded: Loaded } | null>(null);
  const key = `${id}:${attempt}`;
  useEffect(() => {
    let live = true;
    void (async () => {
      const view = await reviewApi.editView(id);
      if (view.kind !== 'ok') return live && setState({ key, loaded: { status: 'error' } });
      const teacher = await reviewApi.teacher(view.data.teacher);
      if (!live) return;
      if (teacher.kind !== 'ok') return setState({ key, loaded: { status: 'error' } });
      setState({ key, loaded: { status: 'ready', initial: valuesFromEditView(view.data, formTeacher(teacher.data)) } });
    })();
    return () => {
      live = false;
    };
  }, [id, key]);
  return state && state.key === key ? state.loaded : { status: 'loading' };
}

function EditForm({ id, onSaved }: { id: number; onSaved: () => void }) {
  const { t } = useTranslation('review');
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const loaded = useEditValues(id, attempt);
  if (loaded.status === 'loading') return <Loading />;
  if (loaded.status === 'error') {
    return (
      <Panel tone="alert" role="alert">
        <p>{t('edit.loadError')}</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('edit.retry')}
        </Button>
      </Panel>
    );
  }
  return (
    <ReviewForm
      mode="edit"
      initial={loaded.initial}
      onSubmit={async (payload) => {
        const answer = await reviewApi.edit(id, payload);
        if (answer.ok) {
          onSaved();
          return null;
        }
        if (answer.error === 'signed-out') {
          navigate(signInThenBackTo(`/review/${id}/edit`));
          return null;
        }
        return answer.error;
      }}
    />
  );
}

/** Once saved, the page says so once: saved, validated again, back to my reviews. */
function Saved() {
  const { t } = useTranslation('review');
  return (
    <div data-testid="edit-saved">
      <h1>{t('edit.savedTitle')}</h1>
      <p role="status" className="pp-lead">
        {t('edit.revalidated')}
      </p>
      <Link className="pp-button" to="/me/reviews">
        {t('edit.back')}
      </Link>
    </div>
  );
}

export function ReviewEditPage() {
  const { t } = useTranslation('review');
  const { id = '' } = useParams();
  const [saved, setSaved] = useState(false);
  // Signed out, straight to sign in (and back here), without asking for a review the API would refuse.
  const signedIn = useSignedIn();
  const [arrivedSignedIn] = useState(signedIn);
  if (!arrivedSignedIn && isId(id)) return <Navigate to={signInThenBackTo(`/review/${id}/edit`)} replace />;
  return (
    <Screen {...MFE} title={t('edit.title')}>
      {saved ? (
        <Saved />
      ) : (
        <>
          <h1>{t('edit.title')}</h1>
          <p className="pp-lead">{t('edit.lead')}</p>
          <Notice data-testid="revalidation-note">{t('edit.revalidated')}</Notice>
          {isId(id) ? <EditForm key={id} id={Number(id)} onSaved={() => setSaved(true)} /> : <p role="alert">{t('edit.invalid')}</p>}
          <p>
            <Link className="pp-link" to="/me/reviews">
              {t('edit.back')}
            </Link>
          </p>
        </>
      )}
    </Screen>
  );
}
