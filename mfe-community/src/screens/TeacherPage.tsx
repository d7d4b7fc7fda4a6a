import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeacherDetail } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { formatRating, Screen, Stars, SubjectChip, teacherName } from '@pupitre/review-ui';
import { LoadError, Loading, Panel } from '@pupitre/ui';
import { MFE } from '../version';
import { TeacherReviews } from './reviews';
import styles from '../community.module.css';

/** Teacher ids are positive integers: anything else is never sent. */
export const isTeacherId = (id: string): boolean => /^[1-9]\d{0,15}$/.test(id);

function ReviewsOf({ id }: { id: number }) {
  const { t } = useTranslation('community');
  const state = useApiGet<unknown>(`/api/teacher/${id}/reviews?limit=50`);
  return (
    <Panel title={t('teacher.reviewsTitle')}>
      {state.status === 'loading' ? (
        <Loading />
      ) : state.status === 'error' ? (
        <LoadError onRetry={state.reload} />
      ) : (
        <TeacherReviews body={state.data} />
      )}
    </Panel>
  );
}

/** The teacher's details (prefix and name, stars or the no-rating message, subject chips), a link to publish on him, his reviews. */
export function TeacherDetails({ id, headingLevel = 1 }: { id: number; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('community');
  const state = useApiGet<TeacherDetail>(`/api/teacher/${id}`);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const teacher = state.data;
  const Heading = `h${headingLevel}` as const;
  return (
    <div data-testid="teacher-details">
      <Heading data-testid="teacher-name">{teacherName(teacher)}</Heading>
      {teacher.rating === null ? (
        <p data-testid="teacher-rating">{t('teacher.noRating')}</p>
      ) : (
        <p className={styles.rating} data-testid="teacher-rating">
          <Stars rating={teacher.rating} size={24} /> <span>{t('teacher.rating', { rating: formatRating(teacher.rating) })}</span> ·{' '}
          <span>{t('teacher.reviews', { count: teacher.reviews })}</span>
        </p>
      )}
      <ul className={styles.chips} data-testid="teacher-subjects" aria-label={t('teacher.subjects')}>
        {teacher.subjects.map((subject) => (
          <li key={subject.id}>
            <SubjectChip name={subject.name} color={subject.color} />
          </li>
        ))}
      </ul>
      <p>
        <Link className="pp-button" to={`/publication?teacher=${teacher.id}`} data-testid="publish-link">
          {t('teacher.publish')}
        </Link>
      </p>
      <ReviewsOf id={teacher.id} />
    </div>
  );
}

export function TeacherPage() {
  const { t } = useTranslation('community');
  const { id = '' } = useParams();
  const valid = isTeacherId(id);
  return (
    <Screen {...MFE} title={t('teacher.title')}>
      {valid ? <TeacherDetails key={id} id={Number(id)} /> : <p role="alert">{t('teacher.invalid')}</p>}
    </Screen>
  );
}
