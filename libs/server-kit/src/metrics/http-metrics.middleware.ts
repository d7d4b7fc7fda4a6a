import { type NextFunction, type Request, type Response } from 'express';
import { type MetricsRegistry } from './metrics.registry';

/**
 * Express middleware timing every request. The route label is the matched pattern
 * (`/api/teacher/:id`), never the raw URL, so label cardinality stays bounded.
 */
export function httpMetricsMiddleware(metrics: MetricsRegistry) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const pattern = (req.route as { path?: string } | undefined)?.path;
      const route = pattern ? `${req.baseUrl ?? ''}${pattern}` : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
