import { type LoggerService, type LogLevel } from '@nestjs/common';
import { logAuditCopy } from './log-audit';
import { currentRequestContext } from './request-context';
import { withoutReviewIds } from './review-redaction';
import { enabledNestLevels, levelLabel, type LogLevelName } from './log-level';

type Write = (line: string) => void;

/**
 * Nest logger writing one JSON object per line: `{time, level, context, msg, ...fields}`.
 * `logger.log('text', 'Context')`, `logger.log({ msg: 'text', port: 3001 }, 'Context')` and
 * `logger.error('text', err.stack, 'Context')` all work, as Nest calls them. `copy` receives every
 * line at every level (tests: the privacy audit, log-audit.ts).
 */
export class JsonLogger implements LoggerService {
  private enabled: Set<LogLevel>;

  constructor(
    level: LogLevelName = 'info',
    private readonly write: Write = (line) => process.stdout.write(line),
    private readonly defaultContext?: string,
    private readonly copy: Write | undefined = logAuditCopy(),
  ) {
    this.enabled = new Set(enabledNestLevels(level));
  }

  setLogLevels(levels: LogLevel[]): void {
    this.enabled = new Set(levels);
  }

  isEnabled(level: LogLevel): boolean {
    return this.enabled.has(level);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('log', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]): void {
    const enabled = this.enabled.has(level);
    if (!enabled && !this.copy) return;
    const params = [...rest];
    // Nest passes the context as the last string argument, and for errors a stack before it.
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : this.defaultContext;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: levelLabel(level), context };
    const request = currentRequestContext();
    if (request) entry.request_id = request.requestId;
    Object.assign(entry, toFields(message));
    for (const param of params) {
      if (typeof param === 'string' && param.includes('\n    at ')) entry.stack = param;
      else if (param instanceof Error) Object.assign(entry, errorFields(param));
      else if (param && typeof param === 'object') Object.assign(entry, param);
      else if (param !== undefined) entry.extra = param;
    }
    // Review ids stay out of every line above debug (review-redaction.ts).
    const shown = level === 'debug' || level === 'verbose' ? entry : (withoutReviewIds(entry) as Record<string, unknown>);
    const line = `${safeStringify(shown)}\n`;
    this.copy?.(line);
    if (enabled) this.write(line);
  }
}

function toFields(message: unknown): Record<string, unknown> {
  if (message instanceof Error) return { msg: message.message, ...errorFields(message) };
  if (message && typeof message === 'object') {
    const { msg, message: text, ...fields } = message as Record<string, unknown>;
    return { msg: msg ?? text, ...fields };
  }
  return { msg: typeof message === 'string' ? message : String(message) };
}

function errorFields(err: Error): Record<string, unknown> {
  return { err: { name: err.name, message: err.message, stack: err.stack } };
}

function safeStringify(entry: Record<string, unknown>): string {
  try {
    return JSON.stringify(entry);
  } catch {
    return JSON.stringify({ time: entry.time, level: entry.level, context: entry.context, msg: String(entry.msg) });
  }
}
