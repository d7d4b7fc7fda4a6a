import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { type AuthUser } from '../auth/token-verifier';
import { RatingAbuseSignals } from './rating-abuse-signals';

/** The routes a member reaches with a review's id: a 404 there says "no such public review". */
export const REVIEW_ID_ROUTES: ReadonlySet<string> = new Set([
  '/api/rating/:id',
  '/api/rating/:id/favorite',
  '/api/rating/:id/report',
  '/api/rating/:id/reply',
  '/api/relatable/:id',
]);

/**
 * Counts, per account, the 404s answered on review-id routes: an account walking ids (to learn which
 * exist, pending ones included) fires `review-probing` (abuse-signals.ts). Counted once the answer is
 * sent, so it never delays one; anonymous requests are not counted (no account to name).
 */
@Injectable()
export class ProbeWatch implements NestMiddleware {
  constructor(@Inject(RatingAbuseSignals) private readonly signals: RatingAbuseSignals) {}

  use(req: Request, res: Response, next: NextFunction): void {
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      const user = (req as Request & { user?: AuthUser }).user;
      if (res.statusCode !== 404 || !route || !REVIEW_ID_ROUTES.has(route) || !user) return;
      void this.signals.observe('review-probing', user.id, { account: user.id });
    });
    next();
  }
}
