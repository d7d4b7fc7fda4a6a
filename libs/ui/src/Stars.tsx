import { useTranslation } from 'react-i18next';

/** A rating 0–10 as a star value 0–5 in halves (rating / 2, rounded to the nearest half star). */
export function starValue(rating: number): number {
  return Math.round(Math.max(0, Math.min(10, rating))) / 2;
}

const STAR = 'M12 2.5l2.94 5.96 6.56.96-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.09 1.12-6.54L2.5 9.42l6.56-.96z';
/** The left half of STAR (its axis is x = 12). */
const HALF = 'M12 2.5V17.5l-5.87 3.09 1.12-6.54L2.5 9.42l6.56-.96z';

/**
 * The one star component: a rating 0–10 as five stars filled in halves (each star is 2 points).
 * Its accessible name says the rating out of 10, as every number of the product does; beside a
 * number that already says it, pass `decorative` so it is not read twice.
 */
export function Stars({ rating, size = 20, decorative = false }: { rating: number; size?: number; decorative?: boolean }) {
  const { t } = useTranslation('common');
  const value = starValue(rating);
  const label = t('rating.stars', { value: Math.round(Math.max(0, Math.min(10, rating))) });
  return (
    <span
      className="pp-stars"
      data-testid="stars"
      data-value={value}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      <svg viewBox="0 0 120 24" width={size * 5} height={size} aria-hidden="true" focusable="false">
        {[0, 1, 2, 3, 4].map((i) => (
          <g key={i} transform={`translate(${i * 24} 0)`}>
            <path d={STAR} className={value >= i + 1 ? 'pp-star pp-star--on' : 'pp-star'} />
            {value === i + 0.5 ? <path d={HALF} className="pp-star pp-star--on" /> : null}
          </g>
        ))}
      </svg>
    </span>
  );
}
