import { type NextFunction, type Request, type Response } from 'express';
import { mediaTypeOf } from './json-bodies-only';

/** What every JSON answer of the APIs carries (ASVS 4.0.3 V14.4.2): a browser opened on it downloads it, never renders it. */
export const API_CONTENT_DISPOSITION = 'attachment; filename="api.json"';

/**
 * Sets `Content-Disposition: attachment; filename="api.json"` on every JSON answer (the type known
 * only when the headers go out, hence the hook on writeHead), unless the handler set its own. HTML
 * (the Swagger UI), text (metrics) and redirects keep theirs.
 */
export function apiContentDisposition() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      const type = mediaTypeOf(String(this.getHeader('content-type') ?? ''));
      if ((type === 'application/json' || type.endsWith('+json')) && !this.hasHeader('content-disposition'))
        this.setHeader('Content-Disposition', API_CONTENT_DISPOSITION);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
