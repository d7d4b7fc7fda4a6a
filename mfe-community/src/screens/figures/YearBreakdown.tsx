import { useTranslation } from 'react-i18next';
import type { YearGroup } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { Bar, faceOf } from '@pupitre/ui';
import styles from '../../community.module.css';

/** The group of a breakdown row: collège (years 6–3) or lycée (2–0), the service's fixed groups. */
const groupName = (years: readonly number[]) => (years.includes(6) ? 'college' : 'lycee');

/**
 * The teacher's reviews by school level: the only place the class year is public (docs/threat-model.md).
 * The service's breakdown is frozen at the start of each month, in fixed groups (collège, lycée), a
 * group shown from 5 reviews and its mean from 10; below that, nothing is broken down.
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
            <span className={styles.figureName}>{t(`teacher.byYearGroups.${groupName(group.years)}`)}</span>
            <span className={styles.figureValue}>
              {group.rating === null
                ? t('teacher.byYearCount', { count: group.reviews })
                : t('teacher.byYearValue', { rating: format.decimal(group.rating), count: group.reviews })}
            </span>
            {group.rating === null ? null : (
              <span className={`pp-meter ${styles.figureMeter}`} aria-hidden="true">
                <Bar className={`pp-meter__fill pp-ramp-${faceOf(group.rating)}`} width={group.rating * 10} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
