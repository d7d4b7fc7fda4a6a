import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';

/** What every log line of a request carries, and its answer's `X-Request-Id`. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being answered, if any (log lines outside a request have none). */
export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/**
 * A proxy's id is kept when it looks like one (the Ingress's `$req_id`, 32 hex characters, or a
 * UUID): an operator then follows one request from the proxy to the service. Anything else is
 * replaced, so a client cannot write into the logs.
 */
const TRUSTED_ID = /^[A-Za-z0-9-]{16,64}$/;

type WithId = Request & { requestId?: string };

/**
 * The first middleware of every service: each request gets an id, on every answer as
 * `X-Request-Id` (a body parser's 413 included), so a user who reports an error and an operator who
 * reads the logs speak of the same request.
 */
export function requestIdMiddleware() {
  return (req: WithId, res: Response, next: NextFunction): void => {
    const offered = req.headers['x-request-id'];
    req.requestId = typeof offered === 'string' && TRUSTED_ID.test(offered) ? offered : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    next();
  };
}

/**
 * After the body parsers (their stream events would lose it): the rest of the request runs with its
 * id in context, for `request_id` on each of its log lines and in a 5xx body.
 */
export function requestContextMiddleware() {
  return (req: WithId, _res: Response, next: NextFunction): void => {
    storage.run({ requestId: req.requestId ?? randomUUID() }, next);
  };
}
