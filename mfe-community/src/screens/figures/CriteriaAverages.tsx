import { useTranslation } from 'react-i18next';
import { REVIEW_GRADE_KEYS } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { Bar, Face, faceOf } from '@pupitre/ui';
import styles from '../../community.module.css';

/** Each criterion's average out of 10 (over the reviews that rated it) with its face and a bar. */
export function CriteriaAverages({ criteria }: { criteria: Record<string, number | null> }) {
  const { t } = useTranslation(['community', 'review-ui']);
  const format = useFormat();
  return (
    <ul className={styles.figureList} data-testid="criteria-averages">
      {REVIEW_GRADE_KEYS.map((key) => {
        const value = criteria[key] ?? null;
        return (
          <li key={key} className={styles.figureRow} data-criterion={key} data-value={value ?? ''}>
            <span className={styles.figureName}>
              {value === null ? <span className={styles.faceGap} /> : <Face level={faceOf(value)} size={20} />}
              {t(`review-ui:criteria.${key}`)}
            </span>
            {value === null ? (
              <span className={styles.figureNone}>{t('teacher.notRated')}</span>
            ) : (
              <span className={styles.figureValue}>
                {format.decimal(value)}
                <span className="pp-visually-hidden"> {t('common:rating.outOf10')}</span>
              </span>
            )}
            <span className={`pp-meter ${styles.figureMeter}`} aria-hidden="true">
              {value === null ? null : <Bar className={`pp-meter__fill pp-ramp-${faceOf(value)}`} width={value * 10} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
