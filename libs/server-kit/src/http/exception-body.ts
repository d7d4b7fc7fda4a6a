import { HttpException } from '@nestjs/common';
import { ApiError } from './api-error';
import { errorKeyForStatus } from './error-keys';
import { isDependencyDown, RETRY_AFTER_S } from './unavailable';

export interface ErrorReply {
  status: number;
  body: Record<string, unknown>;
  /** True for errors nobody expected: they are logged with their stack. */
  unexpected: boolean;
  /** Headers to send with it (`Retry-After` on a 503). */
  headers?: Record<string, string>;
}

/**
 * Turns anything thrown while handling a request into a status and a JSON body:
 * - ApiError: its own body;
 * - Nest's HttpExceptions (including the router's 404): `{error: key, detail}`;
 * - errors carrying a 4xx `status` (body-parser: malformed JSON, body too large): `{error: key, detail}`;
 * - the database or Redis out of reach: 503 `{"error": "unavailable"}` with `Retry-After`;
 * - anything else: 500 `{"error": "internal"}`.
 */
export function toErrorReply(exception: unknown): ErrorReply {
  if (isDependencyDown(exception))
    return { status: 503, body: { error: 'unavailable' }, unexpected: false, headers: { 'Retry-After': String(RETRY_AFTER_S) } };
  if (exception instanceof ApiError) return { status: exception.getStatus(), body: exception.body, unexpected: false };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: genericBody(status, detailOf(exception.getResponse(), status)), unexpected: status >= 500 };
  }
  const status = clientStatusOf(exception);
  if (status !== undefined) {
    return { status, body: genericBody(status, (exception as Error).message), unexpected: false };
  }
  return { status: 500, body: { error: 'internal' }, unexpected: true };
}

function genericBody(status: number, detail: string | undefined): Record<string, unknown> {
  const error = errorKeyForStatus(status);
  // The router's own 404 text ("Cannot GET /x") says nothing the client does not know.
  if (status === 404 || status >= 500 || !detail) return { error };
  return { error, detail };
}

function detailOf(response: string | object, status: number): string | undefined {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string' && message !== errorKeyForStatus(status)) return message;
  return undefined;
}

function clientStatusOf(exception: unknown): number | undefined {
  if (!exception || typeof exception !== 'object') return undefined;
  const { status, statusCode, expose } = exception as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  // http-errors (body-parser) marks client errors with `expose: true`.
  return code !== undefined && code >= 400 && code < 500 && expose !== false ? code : undefined;
}
