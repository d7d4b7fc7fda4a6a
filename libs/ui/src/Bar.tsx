/** A share of 0–100 as an attribute value: clamped, at most two decimals ("62.5%"). */
export const percentLength = (share: number): string =>
  `${Math.round(Math.min(100, Math.max(0, Number.isFinite(share) ? share : 0)) * 100) / 100}%`;

/**
 * A bar whose length is data, drawn without a `style` attribute: the Content-Security-Policy
 * (`style-src` without 'unsafe-inline', ADR 0008) blocks those in server-rendered HTML (issue #39).
 * It is an empty inline `<svg>` box whose `width` / `height` attributes (presentation attributes,
 * not styles) carry the percentages; everything else (colour, radius, minimum size, transition)
 * comes from its classes, as for any other box. Decorative: the figures carry the numbers in text.
 */
export function Bar({ className, width, height }: { className: string; width?: number; height?: number }) {
  return (
    <svg
      className={className}
      width={width === undefined ? undefined : percentLength(width)}
      height={height === undefined ? undefined : percentLength(height)}
      aria-hidden="true"
      focusable="false"
    />
  );
}
