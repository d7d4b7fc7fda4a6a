import { type LogLevel } from '@nestjs/common';

/** LOG_LEVEL values, most to least severe. `info` is Nest's `log`; `silent` prints nothing. */
export const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const NEST_ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The Nest levels enabled at a given LOG_LEVEL (that level and everything more severe). */
export function enabledNestLevels(level: LogLevelName): LogLevel[] {
  if (level === 'silent') return [];
  const nest: LogLevel = level === 'info' ? 'log' : level;
  return NEST_ORDER.slice(0, NEST_ORDER.indexOf(nest) + 1);
}

/** The name written in the `level` field of a JSON line. */
export function levelLabel(level: LogLevel): string {
  return level === 'log' ? 'info' : level;
}
