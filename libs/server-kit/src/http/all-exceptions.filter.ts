import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { currentRequestContext } from '../logging/request-context';
import { securityEvent } from '../logging/security-log';
import { toErrorReply } from './exception-body';

/**
 * MongoDB's duplicate-key messages quote the key ("dup key: { _id: \"<account id>\" }"): next to the
 * request's review path that would tie an account to a review in the logs (docs/threat-model.md).
 */
export const withoutKeyValues = (text: string | undefined): string | undefined => text?.replace(/dup key: \{.*?\}( \})?/g, 'dup key: {…}');

/** The one global exception filter: JSON bodies for every error, a log line for unexpected ones. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const reply = toErrorReply(exception);
    if (reply.status === 503)
      this.logger.warn({
        msg: 'dependency unavailable',
        method: req.method,
        url: req.originalUrl,
        error: withoutKeyValues((exception as Error)?.message),
      });
    // Every refusal of access, by the route's pattern (never the URL, which may name a review).
    if (reply.status === 401 || reply.status === 403) {
      const route = (req.route as { path?: string } | undefined)?.path;
      securityEvent('access-denied', {
        // The verified caller: the rating guard's `user`, the auth guard's `claims`.
        account:
          (req as Request & { user?: { id?: string } }).user?.id ?? (req as Request & { claims?: { sub?: string } }).claims?.sub ?? null,
        status: reply.status,
        method: req.method,
        route: route && !route.includes('{*') ? `${req.baseUrl ?? ''}${route}` : 'unmatched',
      });
    }
    if (reply.unexpected) {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(
        { msg: 'unexpected error', method: req.method, url: req.originalUrl, status: reply.status },
        withoutKeyValues(err.stack),
        'Http',
      );
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    // A 5xx names its request, for the user to quote and the operator to find in the logs.
    const requestId = currentRequestContext()?.requestId;
    const body = reply.status >= 500 && requestId && isPlainObject(reply.body) ? { ...reply.body, request_id: requestId } : reply.body;
    res.status(reply.status).json(body);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
