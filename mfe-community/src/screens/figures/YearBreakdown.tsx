import { useTranslation } from 'react-i18next';
import type { YearGroup } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { faceOf } from '@pupitre/ui';
import styles from '../../community.module.css';

/**
 * The teacher's reviews by class year: the only place the class year is public (docs/threat-model.md).
 * The service counts the reviews written before this month, in groups large enough that no class
 * stands out (small years merged with their neighbours); below that, nothing is broken down.
 */
export function YearBreakdown({ groups, until }: { groups: readonly YearGroup[]; until: string }) {
  const { t } = useTranslation(['community', 'review-ui']);
  const format = useFormat();
  if (groups.length === 0) return <p className={styles.figureNone}>{t('teacher.byYearNone')}</p>;
  return (
    <>
      <p className={styles.figureLead}>{t('teacher.byYearLead', { month: format.month(until) })}</p>
      <ul className={styles.figureList} data-testid="year-breakdown">
        {groups.map((group) => (
          <li key={group.years.join('-')} className={styles.figureRow} data-years={group.years.join(',')} data-reviews={group.reviews}>
            <span className={styles.figureName}>{group.years.map((year) => t(`review-ui:years.${year}`)).join(', ')}</span>
            <span className={styles.figureValue}>
              {t('teacher.byYearValue', { rating: format.decimal(group.rating), count: group.reviews })}
            </span>
            <span className={`pp-meter ${styles.figureMeter}`} aria-hidden="true">
              <span className={`pp-meter__fill pp-ramp-${faceOf(group.rating)}`} style={{ width: `${group.rating * 10}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
