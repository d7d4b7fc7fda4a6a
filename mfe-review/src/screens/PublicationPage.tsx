import { useTranslation } from 'react-i18next';
import type { Subject } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Loading, Panel } from '@pupitre/ui';
import { ApiError } from './ApiError';
import { Screen } from './Screen';
import styles from '../review.module.css';

/** GET /api/subjects: each subject with its colour. */
export function SubjectList() {
  const { t } = useTranslation('review');
  const state = useApiGet<Subject[]>('/api/subjects');
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ApiError onRetry={state.reload} />;
  const subjects = Array.isArray(state.data) ? state.data : [];
  if (subjects.length === 0) return <p>{t('publication.noSubjects')}</p>;
  return (
    <ul className={styles.subjects} data-testid="subject-list">
      {subjects.map((subject) => (
        <li key={subject.id} className={styles.subject} style={{ ['--subject-color' as string]: subject.color }} data-color={subject.color}>
          <span className={styles.swatch} aria-hidden="true" />
          {subject.name}
        </li>
      ))}
    </ul>
  );
}

export function PublicationPage() {
  const { t } = useTranslation('review');
  return (
    <Screen title={t('publication.title')}>
      <h1>{t('publication.title')}</h1>
      <p>{t('publication.lead')}</p>
      <Panel title={t('publication.subjects')}>
        <SubjectList />
      </Panel>
    </Screen>
  );
}
