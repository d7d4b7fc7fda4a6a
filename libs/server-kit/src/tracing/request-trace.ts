import { AsyncLocalStorage } from 'node:async_hooks';
import { type NextFunction, type Request, type Response } from 'express';

/** The database and Redis operations one HTTP request caused (while tracing is on). */
export interface RequestTrace {
  service: string;
  method: string;
  /** The matched route pattern (`/api/teacher/:id`), known once the request is answered. */
  route: string | null;
  status: number;
  ops: number;
  redis: number;
  /** It lost a write conflict and wrote again (another writer changed the document first): its count is the load's, not its own. */
  contended?: boolean;
}

const storage = new AsyncLocalStorage<RequestTrace>();

/** The request the current code runs for (null outside a traced request: start-up, jobs, timers). */
export const currentRequest = (): RequestTrace | null => storage.getStore() ?? null;

/**
 * Runs `work` that serves every request, not the one that happens to start it (a cache filled
 * again after a change), outside that request's trace: its database commands are background work
 * rather than part of the request's budget. Without tracing (production) it just runs `work`.
 */
export const sharedWork = <T>(work: () => T): T => storage.exit(work);

/**
 * The current request lost a compare-and-set to another writer and decides again: its database
 * operations then depend on the load, so the per-endpoint budgets do not hold it (it is counted apart).
 */
export const markContended = (): void => {
  const trace = storage.getStore();
  if (trace) trace.contended = true;
};

/**
 * Express middleware (installed only when tracing is on, after the body parsers so the context
 * survives them) that runs the rest of the request inside its own trace context; `onDone` gets the
 * trace when the answer has gone out.
 */
export function requestTraceMiddleware(service: string, onDone: (trace: RequestTrace) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const trace: RequestTrace = { service, method: req.method, route: null, status: 0, ops: 0, redis: 0 };
    res.once('finish', () => {
      // A middleware mounted on every path (`/{*rest}`, the rate limits) leaves its own pattern on a
      // request no route handled (a 404, a 429 before the route): that is still no route.
      const pattern = (req.route as { path?: string } | undefined)?.path;
      trace.route = pattern && !pattern.includes('{*') ? `${req.baseUrl ?? ''}${pattern}` : 'unmatched';
      trace.status = res.statusCode;
      onDone(trace);
    });
    storage.run(trace, next);
  };
}
