import { useTranslation } from 'react-i18next';
import { REVIEW_ANSWER_KEYS, REVIEW_FLAG_KEYS } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { Bar } from '@pupitre/ui';
import styles from '../../community.module.css';

/** Each yes/no question's share of "yes": the form's four always, the older form's two when answered. */
export function AnswerShares({ answers }: { answers: Record<string, number | null> }) {
  const { t } = useTranslation(['community', 'review-ui']);
  const format = useFormat();
  const keys = REVIEW_ANSWER_KEYS.filter(
    (key) => (REVIEW_FLAG_KEYS as readonly string[]).includes(key) || typeof answers[key] === 'number',
  );
  return (
    <ul className={styles.figureList} data-testid="answer-shares">
      {keys.map((key) => {
        const percent = answers[key] ?? null;
        return (
          <li key={key} className={styles.figureRow} data-answer={key} data-value={percent ?? ''}>
            <span className={styles.figureName}>{t(`review-ui:answers.${key}`)}</span>
            {percent === null ? (
              <span className={styles.figureNone}>{t('teacher.noAnswer')}</span>
            ) : (
              <span className={styles.figureValue}>{t('teacher.yesShare', { percent: format.percent(percent) })}</span>
            )}
            <span className={`pp-meter ${styles.figureMeter}`} aria-hidden="true">
              {percent === null ? null : <Bar className="pp-meter__fill" width={percent} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
