import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeacherDetail } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { Screen, SubjectChip, teacherName } from '@pupitre/review-ui';
import { LoadError, Loading, OfflineNotice, Score } from '@pupitre/ui';
import { MFE } from '../version';
import { AnswerShares } from './figures/AnswerShares';
import { CriteriaAverages } from './figures/CriteriaAverages';
import { RatingSpread } from './figures/RatingSpread';
import { YearBreakdown } from './figures/YearBreakdown';
import { TeacherReviews } from './reviews';
import styles from '../community.module.css';

/** Teacher ids are positive integers: anything else is never sent. */
export const isTeacherId = (id: string): boolean => /^[1-9]\d{0,15}$/.test(id);

function ReviewsOf({ id, level }: { id: number; level: 2 | 3 }) {
  const { t } = useTranslation('community');
  const state = useApiGet<unknown>(`/api/teacher/${id}/reviews?limit=50`, { keep: true });
  const Heading = `h${level}` as const;
  return (
    <section className={styles.section} aria-labelledby={`teacher-reviews-${id}`}>
      <Heading id={`teacher-reviews-${id}`}>{t('teacher.reviewsTitle')}</Heading>
      {state.status === 'success' && state.storedAt ? <OfflineNotice asOf={state.storedAt} /> : null}
      {state.status === 'loading' ? (
        <Loading />
      ) : state.status === 'error' ? (
        <LoadError onRetry={state.reload} />
      ) : (
        <TeacherReviews body={state.data} />
      )}
    </section>
  );
}

/** The figures of a teacher with reviews: the spread of overall ratings, each criterion's average, the yes/no shares, the class years (in large enough groups). */
function Figures({ teacher, level }: { teacher: TeacherDetail; level: 2 | 3 }) {
  const { t } = useTranslation('community');
  const Heading = `h${level}` as const;
  return (
    <div className={styles.figures}>
      <section className={`pp-panel ${styles.figure}`}>
        <Heading>{t('teacher.spreadTitle')}</Heading>
        <RatingSpread distribution={teacher.distribution} />
      </section>
      <section className={`pp-panel ${styles.figure}`}>
        <Heading>{t('teacher.criteriaTitle')}</Heading>
        <p className={styles.figureLead}>{t('teacher.criteriaLead')}</p>
        <CriteriaAverages criteria={teacher.criteria} />
      </section>
      <section className={`pp-panel ${styles.figure}`}>
        <Heading>{t('teacher.answersTitle')}</Heading>
        <p className={styles.figureLead}>{t('teacher.answersLead')}</p>
        <AnswerShares answers={teacher.answers} />
      </section>
      <section className={`pp-panel ${styles.figure}`} data-testid="by-year">
        <Heading>{t('teacher.byYearTitle')}</Heading>
        <YearBreakdown groups={teacher.by_year} until={teacher.by_year_until} />
      </section>
    </div>
  );
}

/**
 * A teacher: prefix and name, subject chips, the score badge (out of 10, stars, review count) or
 * the no-rating message, a link to review him; then the figures and his reviews.
 */
export function TeacherDetails({ id, headingLevel = 1 }: { id: number; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('community');
  const state = useApiGet<TeacherDetail>(`/api/teacher/${id}`, { keep: true });
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const teacher = state.data;
  const Heading = `h${headingLevel}` as const;
  const sub = headingLevel === 1 ? 2 : 3;
  return (
    <div data-testid="teacher-details">
      {state.storedAt ? <OfflineNotice asOf={state.storedAt} /> : null}
      <header className={`pp-panel ${styles.teacherHead}`}>
        <div className={styles.teacherWho}>
          <Heading data-testid="teacher-name" className={styles.teacherName}>
            {teacherName(teacher)}
          </Heading>
          <ul className={styles.chips} data-testid="teacher-subjects" aria-label={t('teacher.subjects')}>
            {teacher.subjects.map((subject) => (
              <li key={subject.id}>
                <SubjectChip name={subject.name} color={subject.color} />
              </li>
            ))}
          </ul>
        </div>
        <div data-testid="teacher-rating" className={styles.teacherScore}>
          {teacher.rating === null ? (
            <p className={styles.figureNone}>{t('teacher.noRating')}</p>
          ) : (
            <Score value={teacher.rating} count={teacher.reviews} size="lg" />
          )}
        </div>
        <Link className={`pp-button ${styles.teacherCta}`} to={`/publication?teacher=${teacher.id}`} data-testid="publish-link">
          {t('teacher.publish')}
        </Link>
      </header>
      {teacher.reviews > 0 ? <Figures teacher={teacher} level={sub} /> : null}
      <ReviewsOf id={teacher.id} level={sub} />
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
