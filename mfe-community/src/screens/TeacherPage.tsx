import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeacherDetail } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Loading, Panel } from '@pupitre/ui';
import { ApiError } from './ApiError';
import { Screen } from './Screen';
import styles from '../community.module.css';

/** Rating 0–10 as five stars in halves: 7 → ★★★½☆. */
export function stars(rating: number): string {
  const halves = Math.round(Math.max(0, Math.min(10, rating)));
  return '★'.repeat(Math.floor(halves / 2)) + (halves % 2 ? '½' : '') + '☆'.repeat(5 - Math.ceil(halves / 2));
}

function TeacherDetails({ id }: { id: string }) {
  const { t } = useTranslation('community');
  const state = useApiGet<TeacherDetail>(`/api/teacher/${id}`);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ApiError onRetry={state.reload} />;
  const teacher = state.data;
  return (
    <>
      <h1 data-testid="teacher-name">{[teacher.prefix, teacher.name].filter(Boolean).join(' ')}</h1>
      {teacher.rating === null ? (
        <p>{t('teacher.noRating')}</p>
      ) : (
        <p>
          <span className={styles.stars} aria-hidden="true">
            {stars(teacher.rating)}
          </span>{' '}
          {t('teacher.rating', { rating: teacher.rating.toFixed(1) })} · {t('teacher.reviews', { count: teacher.reviews })}
        </p>
      )}
      <Panel title={t('teacher.subjects')}>
        <ul className={styles.chips} data-testid="teacher-subjects">
          {teacher.subjects.map((subject) => (
            <li key={subject.id} className={styles.chip} style={{ ['--chip-color' as string]: subject.color }}>
              {subject.name}
            </li>
          ))}
        </ul>
      </Panel>
      <p>
        <Link to={`/publication?teacher=${teacher.id}`}>{t('teacher.publish')}</Link>
      </p>
    </>
  );
}

export function TeacherPage() {
  const { t } = useTranslation('community');
  const { id = '' } = useParams();
  const valid = /^[1-9]\d{0,15}$/.test(id);
  return (
    <Screen title={t('teacher.title')}>
      {valid ? <TeacherDetails id={id} /> : <p role="alert">{t('teacher.invalid')}</p>}
    </Screen>
  );
}
