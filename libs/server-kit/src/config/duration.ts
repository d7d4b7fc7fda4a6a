const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a duration: `10m`, `2s`, `1500ms`, `1h`, `1d`, `1.5s`, or bare milliseconds (`1500`).
 * Returns milliseconds, or undefined when the text is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[(match[2] ?? 'ms').toLowerCase()];
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}
