import { useTranslation } from 'react-i18next';

/** A rating 0–10 as a star value 0–5 in halves (rating / 2, rounded to the nearest half star). */
export function starValue(rating: number): number {
  return Math.round(Math.max(0, Math.min(10, rating))) / 2;
}

// A star in a 24 × 24 cell, and its left half (the star's axis is x = 12), as polygons.
const STAR: readonly (readonly [number, number])[] = [
  [12, 2.5],
  [14.94, 8.46],
  [21.5, 9.42],
  [16.75, 14.05],
  [17.87, 20.59],
  [12, 17.5],
  [6.13, 20.59],
  [7.25, 14.05],
  [2.5, 9.42],
  [9.06, 8.46],
];
const HALF: readonly (readonly [number, number])[] = [
  [12, 2.5],
  [12, 17.5],
  [6.13, 20.59],
  [7.25, 14.05],
  [2.5, 9.42],
  [9.06, 8.46],
];

/** `shape` moved to cell `i` (x + 24 i), as one subpath of an SVG path. */
const cell = (shape: typeof STAR, i: number) => `M${shape.map(([x, y]) => `${+(x + 24 * i).toFixed(2)} ${y}`).join('L')}z`;

const drawn = new Map<number, { off: string; on: string }>(); // 11 star values at most

/**
 * The two paths of a star value: the stars not (fully) earned, then those earned with the half
 * star's left half over its outline. One path per layer, not one per star: a list of reviews draws
 * hundreds of these, and every element costs at load.
 */
export function starPaths(value: number): { off: string; on: string } {
  const known = drawn.get(value);
  if (known) return known;
  let off = '';
  let on = '';
  for (let i = 0; i < 5; i += 1) {
    if (value >= i + 1) on += cell(STAR, i);
    else off += cell(STAR, i);
    if (value === i + 0.5) on += cell(HALF, i);
  }
  const paths = { off, on };
  drawn.set(value, paths);
  return paths;
}

/**
 * The one star component: a rating 0–10 as five stars filled in halves (each star is 2 points).
 * Its accessible name says the rating out of 10, as every number of the product does; beside a
 * number that already says it, pass `decorative` so it is not read twice.
 */
export function Stars({ rating, size = 20, decorative = false }: { rating: number; size?: number; decorative?: boolean }) {
  const { t } = useTranslation('common');
  const value = starValue(rating);
  const paths = starPaths(value);
  const label = t('rating.stars', { value: Math.round(Math.max(0, Math.min(10, rating))) });
  return (
    <span
      className="pp-stars"
      data-testid="stars"
      data-value={value}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      <svg viewBox="0 0 120 24" width={size * 5} height={size} aria-hidden="true" focusable="false">
        {paths.off ? <path d={paths.off} className="pp-star" /> : null}
        {paths.on ? <path d={paths.on} className="pp-star pp-star--on" /> : null}
      </svg>
    </span>
  );
}
