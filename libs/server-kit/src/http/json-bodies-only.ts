import { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from './api-error';

/** The media type of a Content-Type header, lower-cased, without its parameters (`; charset=utf-8`). */
export const mediaTypeOf = (header: string | undefined): string => (header ?? '').split(';')[0].trim().toLowerCase();

/** Whether a request carries a body (a Content-Length above 0, or a chunked one): type-is' `hasBody`. */
export const hasBody = (req: Pick<Request, 'headers'>): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Requests with a body must send JSON (`application/json`, any parameters, e.g. `; charset=utf-8`):
 * anything else, or a body without Content-Type, is answered 415 `{"error": "unsupported-media-type",
 * "detail"}` before any parser reads it (ASVS V13.1.5). No route of the services takes another type:
 * the API contract says "All bodies are JSON", the front ends send only JSON (libs/api-client), and
 * the Google sign-in's callback is a GET. Bodiless requests (GET, a POST without body) pass whatever
 * their Content-Type.
 */
export function jsonBodiesOnly() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!hasBody(req) || mediaTypeOf(req.headers['content-type']) === 'application/json') return next();
    next(ApiError.of(415, 'unsupported-media-type', 'request bodies must be JSON (Content-Type: application/json)'));
  };
}
