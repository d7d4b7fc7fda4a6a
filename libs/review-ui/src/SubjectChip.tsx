import styles from './review-ui.module.css';

/** A subject's colour as the catalogue holds it (`#rrggbb`, colorSchema); anything else is not drawn. */
const safeColor = (color: string | undefined): string | undefined => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined);

/**
 * A subject with its colour as the chip's border (and a swatch). The colour is data (any `#rrggbb`
 * an admin chose), and a `style` attribute would be blocked in server-rendered HTML (CSP, ADR 0008),
 * so it is an SVG `fill` attribute: a filled rectangle behind the chip's body, which shows through the
 * body's transparent 1.5 px border (the chip clips it to its pill shape), and the swatch's circle.
 */
export function SubjectChip({ name, color }: { name: string; color?: string }) {
  const fill = safeColor(color);
  return (
    <span className={fill ? styles.chip : `${styles.chip} ${styles.chipPlain}`} data-color={color} data-testid="subject-chip">
      {fill ? (
        <svg className={styles.chipRing} aria-hidden="true" focusable="false">
          <rect width="100%" height="100%" fill={fill} />
        </svg>
      ) : null}
      <span className={styles.chipBody}>
        <svg className={styles.swatch} viewBox="0 0 2 2" aria-hidden="true" focusable="false">
          <circle cx="1" cy="1" r="1" fill={fill} />
        </svg>
        {name}
      </span>
    </span>
  );
}
