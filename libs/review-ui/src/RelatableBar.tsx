import { useTranslation } from 'react-i18next';
import { useFormat } from '@pupitre/i18n';
import { Bar } from '@pupitre/ui';
import { clampPercent } from './format';
import styles from './review-ui.module.css';

/**
 * The share of "relatable" votes as a bar, with the percent and the number of votes; before the
 * first vote, "no votes yet" (a 0 % bar would read as a verdict).
 */
export function RelatableBar({ percent, count }: { percent: number; count: number }) {
  const { t } = useTranslation('review-ui');
  const format = useFormat();
  if (count <= 0) {
    return (
      <p className={styles.relatableText} data-testid="relatable">
        <span data-testid="relatable-count">{t('relatable.none')}</span>
      </p>
    );
  }
  const value = clampPercent(percent);
  const label = t('relatable.label', { percent: format.percent(value) });
  return (
    <div className={styles.relatable} data-testid="relatable">
      <div className={styles.bar} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
        <Bar className={styles.barFill} width={value} />
      </div>
      <span className={styles.relatableText}>
        <span data-testid="relatable-percent">{label}</span> · <span data-testid="relatable-count">{t('relatable.count', { count })}</span>
      </span>
    </div>
  );
}
