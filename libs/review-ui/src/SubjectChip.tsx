import styles from './review-ui.module.css';

/** A subject with its colour as the chip's border (and a swatch). */
export function SubjectChip({ name, color }: { name: string; color?: string }) {
  return (
    <span
      className={styles.chip}
      style={color ? { ['--chip-color' as string]: color } : undefined}
      data-color={color}
      data-testid="subject-chip"
    >
      <span className={styles.swatch} aria-hidden="true" />
      {name}
    </span>
  );
}
