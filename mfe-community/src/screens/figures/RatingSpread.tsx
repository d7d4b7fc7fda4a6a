import { useTranslation } from 'react-i18next';
import { Bar, faceOf } from '@pupitre/ui';
import styles from '../../community.module.css';

/** The spread of overall ratings: one bar per rating 0–10, as tall as its share of the most frequent. */
export function RatingSpread({ distribution }: { distribution: readonly number[] }) {
  const { t } = useTranslation('community');
  const top = Math.max(1, ...distribution);
  return (
    <figure className={styles.spread} data-testid="rating-spread">
      <ol className={styles.spreadBars} aria-label={t('teacher.spreadTitle')}>
        {distribution.map((count, rating) => (
          <li key={rating} className={styles.spreadItem} data-count={count}>
            <span className="pp-visually-hidden">{t('teacher.spreadBar', { rating, count })}</span>
            <span className={styles.spreadCount} aria-hidden="true">
              {count > 0 ? count : ''}
            </span>
            <span className={styles.spreadTrack} aria-hidden="true">
              <Bar className={`${styles.spreadBar} pp-ramp-${faceOf(rating)}`} height={(100 * count) / top} />
            </span>
            <span className={styles.spreadLabel} aria-hidden="true">
              {rating}
            </span>
          </li>
        ))}
      </ol>
      <figcaption className={styles.spreadCaption}>{t('teacher.spreadCaption')}</figcaption>
    </figure>
  );
}
