import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '@pupitre/review-ui';
import { Button, Loading, Panel } from '@pupitre/ui';
import { formTeacher, isId, reviewApi } from '../api';
import { valuesFromEditView, type ReviewFormValues } from '../form/model';
import { ReviewForm } from '../form/ReviewForm';
import { MFE } from '../version';
import styles from '../review.module.css';

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

function EditForm({ id }: { id: number }) {
  const { t } = useTranslation('review');
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  const loaded = useEditValues(id, attempt);
  if (saved) {
    return (
      <Panel data-testid="edit-saved">
        <p role="status" className="pp-success">
          {t('edit.saved')}
        </p>
        <p>{t('edit.revalidated')}</p>
        <Link to="/me/reviews">{t('edit.back')}</Link>
      </Panel>
    );
  }
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
    <Panel>
      <ReviewForm
        mode="edit"
        initial={loaded.initial}
        onSubmit={async (payload) => {
          const answer = await reviewApi.edit(id, payload);
          if (answer.ok) {
            setSaved(true);
            return null;
          }
          return answer.error;
        }}
      />
    </Panel>
  );
}

export function ReviewEditPage() {
  const { t } = useTranslation('review');
  const { id = '' } = useParams();
  return (
    <Screen {...MFE} title={t('edit.title')}>
      <h1>{t('edit.title')}</h1>
      <p>{t('edit.lead')}</p>
      <p className={styles.note} data-testid="revalidation-note">
        {t('edit.revalidated')}
      </p>
      {isId(id) ? <EditForm key={id} id={Number(id)} /> : <p role="alert">{t('edit.invalid')}</p>}
      <p>
        <Link to="/me/reviews">{t('edit.back')}</Link>
      </p>
    </Screen>
  );
}
