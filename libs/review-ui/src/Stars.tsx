import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { starValue } from './format';
import styles from './review-ui.module.css';

const STAR = 'M12 2.5l2.94 5.96 6.56.96-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.09 1.12-6.54L2.5 9.42l6.56-.96z';

/** A rating 0–10 as five stars filled in halves (rating / 2), with its value for screen readers. */
export function Stars({ rating, size = 20 }: { rating: number; size?: number }) {
  const { t } = useTranslation('review-ui');
  const clipId = `stars-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const value = starValue(rating);
  const width = 24 * 5;
  return (
    <span className={styles.stars} role="img" aria-label={t('stars', { value })} data-testid="stars" data-value={value}>
      <svg viewBox={`0 0 ${width} 24`} width={(size * width) / 24} height={size} aria-hidden="true" focusable="false">
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={(value / 5) * width} height="24" />
          </clipPath>
        </defs>
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={`b${i}`} d={STAR} transform={`translate(${i * 24} 0)`} className={styles.starEmpty} />
        ))}
        <g clipPath={`url(#${clipId})`}>
          {[0, 1, 2, 3, 4].map((i) => (
            <path key={`f${i}`} d={STAR} transform={`translate(${i * 24} 0)`} className={styles.starFull} />
          ))}
        </g>
      </svg>
    </span>
  );
}
