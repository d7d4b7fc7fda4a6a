import { useTranslation } from 'react-i18next';
import { REVIEW_ANSWER_KEYS, REVIEW_GRADE_KEYS, type ReviewAnswers, type ReviewGrades } from '@pupitre/contracts';
import { Face, faceOf } from '@pupitre/ui';
import styles from './review-ui.module.css';

/** What one review said on each criterion (its face and grade out of 10) and its yes/no answers. */
export function ReviewCriteria({ grades, answers, id }: { grades: ReviewGrades; answers: ReviewAnswers; id: string }) {
  const { t } = useTranslation('review-ui');
  const graded = REVIEW_GRADE_KEYS.filter((key) => typeof grades[key] === 'number');
  const answered = REVIEW_ANSWER_KEYS.filter((key) => typeof answers[key] === 'boolean');
  return (
    <div id={id} className={styles.criteria} data-testid="review-criteria">
      {graded.length === 0 && answered.length === 0 ? <p className={styles.muted}>{t('card.noCriteria')}</p> : null}
      {graded.length > 0 ? (
        <dl className={styles.criteriaList} aria-label={t('card.criteriaTitle')}>
          {graded.map((key) => (
            <div key={key} className={styles.criterion}>
              <dt>{t(`criteria.${key}`)}</dt>
              <dd>
                <Face level={faceOf(grades[key]!)} size={20} />
                <span>{grades[key]}/10</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {answered.length > 0 ? (
        <dl className={styles.criteriaList} aria-label={t('card.answersTitle')}>
          {answered.map((key) => (
            <div key={key} className={styles.criterion}>
              <dt>{t(`answers.${key}`)}</dt>
              <dd className={answers[key] ? styles.yes : styles.no}>{answers[key] ? t('card.yes') : t('card.no')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
