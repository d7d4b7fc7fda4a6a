import { useTranslation } from 'react-i18next';
import { useFormat } from '@pupitre/i18n';
import { Stars } from './Stars';

export interface ScoreProps {
  /** 0–10, shown with one decimal; null: not rated yet. */
  value: number | null;
  /** How many reviews the figure comes from (shown when given). */
  count?: number;
  size?: 'sm' | 'md' | 'lg';
  'data-testid'?: string;
}

/**
 * The one way a rating is shown: its number out of 10 ("8,6 /10", as the reader's language writes
 * it), its stars, and the number of reviews behind it. `lg` is the teacher page's badge.
 */
export function Score({ value, count, size = 'md', ...rest }: ScoreProps) {
  const { t } = useTranslation('common');
  const format = useFormat();
  if (value === null) {
    return (
      <span className={`pp-score pp-score--${size}`} data-testid={rest['data-testid']}>
        <span className="pp-score__count">{t('rating.none')}</span>
      </span>
    );
  }
  const reviews = count === undefined ? null : <span className="pp-score__count">{t('rating.reviews', { count })}</span>;
  const stars = <Stars rating={value} size={size === 'lg' ? 24 : size === 'sm' ? 14 : 18} decorative />;
  return (
    <span className={`pp-score pp-score--${size}`} data-testid={rest['data-testid']} data-value={value}>
      <span className="pp-score__value">
        <span className="pp-score__number">{format.decimal(value)}</span>
        <span className="pp-score__scale" aria-hidden="true">
          /10
        </span>
        <span className="pp-visually-hidden"> {t('rating.outOf10')}</span>
      </span>
      {size === 'lg' ? (
        <span className="pp-score__side">
          {stars}
          {reviews}
        </span>
      ) : (
        <>
          {stars}
          {reviews}
        </>
      )}
    </span>
  );
}
